import InterlinearCLI

InterlinearCommand.mainReportingOneLine()
