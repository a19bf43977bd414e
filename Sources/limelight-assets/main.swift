import Files
import Foundation
import ImageFiles
import Raster

// limelight-assets: draws the sample app's card illustrations into a folder as PNGs.
// Usage: limelight-assets [FOLDER]   (default: assets/images)
let folder = CommandLine.arguments.dropFirst().first ?? "assets/images"
if folder == "--help" || folder == "-h" {
    print("usage: limelight-assets [FOLDER]\n  Draws the card illustrations (\(Illustrations.all.map(\.name).joined(separator: ", "))) as PNGs into FOLDER (default assets/images).")
    exit(0)
}
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
    StandardStreams.writeError("limelight-assets: \(folder): no such folder\n")
    exit(1)
}
do {
    for (name, draw) in Illustrations.all {
        let pixmap = try Pixmap(width: Illustrations.width, height: Illustrations.height, fill: .white)
        draw(Canvas(pixmap: pixmap))
        let path = folder + "/" + name + ".png"
        try pixmap.writePNG(to: path)
        print(path)
    }
} catch {
    StandardStreams.writeError("limelight-assets: \(error)\n")
    exit(1)
}
