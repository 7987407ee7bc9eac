import GhostpipeCore
print("ghostpipe: under construction")
