extension SubtitleFormat {
    /// What a file is from its first bytes: a stream (stdin, a pipe) as soon as its first lines
    /// tell; a regular file from its first 64 KiB and its name.
    public static func of(_ bytes: [UInt8], name: String?, atEnd: Bool) -> SubtitleFormat? {
        guard let name, name != "-", InputFiles.isRegularFile(name) else {
            return SubtitleFormat.sniff(bytes, fileName: nil, atEnd: atEnd)
        }
        return atEnd || bytes.count >= 1 << 16 ? SubtitleFormat.detect(fileName: name, prefix: bytes) : nil
    }
}
