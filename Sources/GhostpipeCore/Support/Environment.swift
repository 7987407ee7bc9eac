#if canImport(Glibc)
import Glibc
#endif

/// Reads an environment variable without Foundation.
public func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
