import Glibc
import VitrineCLI

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
