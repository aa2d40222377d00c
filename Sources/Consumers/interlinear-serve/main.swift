import Foundation
import InterlinearWeb

// `interlinear serve` runs this executable (found beside `interlinear`) with its checked options; on its own it
// takes the same `--host`, `--port` and `--corpus`.
exit(await WebServer.main(arguments: Array(CommandLine.arguments.dropFirst())))
