// swift-tools-version:6.0
import PackageDescription

// ghostpipe depends on nothing but the Swift toolchain.
//
// The executable is linked fully statically (`-static-executable`): it then starts as fast as `cat`
// (no dynamic loader work for libswiftCore, no Foundation), which matters in shell prompts and MOTD
// banners. A plain `swift build -c release` produces that binary.
// Release builds reach a generic type's metadata through its accessor, not by demangling its
// mangled name at run time: a name's first use made the runtime demangle it and look up its
// conformances in every record of the (static) binary, most of the start-up of a one-line banner.
// Nor does ghostpipe use Swift concurrency: without the implicit import of _Concurrency, its
// runtime and libdispatch stay out of the static binary, with their start-up work (libdispatch_init
// reads /sys twice and asks for the CPU affinity).
let startupMetadataAccess = SwiftSetting.unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
     "-Xfrontend", "-disable-implicit-concurrency-module-import"], .when(configuration: .release))

let package = Package(
    name: "ghostpipe",
    products: [
        .executable(name: "ghostpipe", targets: ["ghostpipe"]),
        .library(name: "GhostpipeCore", targets: ["GhostpipeCore"]),
    ],
    targets: [
        // The few system calls Swift's Glibc module hides (pseudo-terminals, ppoll, timer slack).
        .target(name: "CGhostpipe"),
        .target(
            name: "GhostpipeCore",
            dependencies: ["CGhostpipe"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), startupMetadataAccess]
        ),
        .executableTarget(
            name: "ghostpipe",
            dependencies: ["GhostpipeCore"],
            swiftSettings: [startupMetadataAccess],
            linkerSettings: [.unsafeFlags(["-static-executable"])]
        ),
        // The tests' helpers, in one place for both test targets: the screen model, playback on a
        // virtual clock, the effect harness, the tmux driver, terminal pairs, the built binary.
        .target(name: "TestSupport", dependencies: ["GhostpipeCore"], path: "Tests/TestSupport"),
        .testTarget(name: "GhostpipeCoreTests", dependencies: ["GhostpipeCore", "TestSupport"]),
        .testTarget(name: "ghostpipeTests", dependencies: ["GhostpipeCore", "TestSupport"]),
    ]
)
