// The executable is the library's launcher run on this process's arguments (everything else, the
// wiring included, is in GhostpipeCore, where it is tested).
import GhostpipeCore

Launcher.main(Array(CommandLine.arguments.dropFirst()))
