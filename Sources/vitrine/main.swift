import Glibc
import VitrineCLI

exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
