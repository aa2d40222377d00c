import ArgumentParser
public struct InterlinearCommand: ParsableCommand {
    public init() {}
}
