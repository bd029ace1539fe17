import Glibc
import VitrineCLI

exit(CommandLineTool.main(CommandLineTool.processArguments))
