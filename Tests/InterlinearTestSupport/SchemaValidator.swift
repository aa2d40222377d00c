import Foundation
import Synchronization

/// Validates JSON documents against `Schemas/<name>.schema.json` with Debian's `python3-jsonschema` (Draft 2020-12).
///
/// One Python process serves the whole test run (starting one per document cost more than producing the
/// documents), each schema is loaded and checked once, and a document already answered is not sent again. Requests
/// are length-prefixed on its stdin; the lock, the process it guards and the answers live in one `Mutex`.
public final class SchemaValidator: Sendable {
    public static let shared = SchemaValidator()

    private struct Server {
        var process: Process?
        var input: FileHandle?
        var output: FileHandle?
        var failure: String?
        /// Answers already given, by schema and document: several tests check the same document (one chapter's
        /// output at one setting), and Python's validation of a large one costs seconds.
        var answers: [Request: String?] = [:]
    }
    private struct Request: Hashable {
        var schema: String
        var document: Data
    }
    private let server = Mutex(Server())

    /// The Python program: reads "<schema path>\n<length>\n<document bytes>", answers "<length>\n<message>"
    /// (an empty message when valid).
    private static let program = """
        import json, sys, jsonschema
        validators = {}
        inp, out = sys.stdin.buffer, sys.stdout.buffer
        while True:
            path = inp.readline()
            if not path:
                break
            path = path.decode().strip()
            size = int(inp.readline())
            document = inp.read(size)
            try:
                if path not in validators:
                    schema = json.load(open(path))
                    jsonschema.Draft202012Validator.check_schema(schema)
                    validators[path] = jsonschema.Draft202012Validator(schema)
                errors = sorted(validators[path].iter_errors(json.loads(document)), key=lambda e: list(e.path))
                message = "\\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])
            except Exception as error:
                message = f"validator failed: {error}"
            data = message.encode()
            out.write(b"%d\\n" % len(data) + data)
            out.flush()
        """

    /// Nil when `json` is valid against the schema, else the validator's message (at most five errors).
    public func violation(_ json: Data, schema name: String) throws -> String? {
        let schema = packageRoot.appendingPathComponent("Schemas/\(name).schema.json").path
        return try server.withLock { server -> String? in
            if let failure = server.failure { return failure }
            let request = Request(schema: schema, document: json)
            if let answer = server.answers[request] { return answer }
            if server.process == nil { try start(&server) }
            guard let input = server.input, let output = server.output else { return "validator not running" }
            input.write(Data("\(schema)\n\(json.count)\n".utf8) + json)
            guard let header = readLine(output), let size = Int(header) else {
                server.failure = "the schema validator (/usr/bin/python3 with python3-jsonschema) stopped"
                return server.failure
            }
            let message = String(decoding: read(output, count: size), as: UTF8.self)
            let answer = message.isEmpty ? nil : message
            server.answers[request] = .some(answer)
            return answer
        }
    }

    private func start(_ server: inout Server) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.program]
        let toChild = Pipe(), fromChild = Pipe()
        process.standardInput = toChild
        process.standardOutput = fromChild
        process.standardError = FileHandle.standardError
        try process.run()
        server.process = process
        server.input = toChild.fileHandleForWriting
        server.output = fromChild.fileHandleForReading
    }

    private func readLine(_ handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            let byte = read(handle, count: 1)
            guard let first = byte.first else { return nil }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }

    private func read(_ handle: FileHandle, count: Int) -> Data {
        var data = Data()
        while data.count < count {
            guard let chunk = try? handle.read(upToCount: count - data.count), !chunk.isEmpty else { break }
            data.append(chunk)
        }
        return data
    }
}

/// Validates a JSON document against `Schemas/<name>.schema.json`. Returns nil when valid, else the message.
public func schemaViolation(_ json: Data, schema name: String) throws -> String? {
    try SchemaValidator.shared.violation(json, schema: name)
}
