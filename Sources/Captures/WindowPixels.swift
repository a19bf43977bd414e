import CX11
import Raster

/// A window's pixels read from the X display (`DISPLAY`) with `XGetImage`: the part of the root
/// window at the window's box, as a screen shows it.
enum WindowPixels {
    /// The pixels of the root window's `x`, `y`, `width`, `height` box, opaque, and the part of the
    /// box they are (a window partly off the display is shown in part).
    static func read(x: Int32, y: Int32, width: Int32, height: Int32) throws(CaptureError) -> (pixmap: Raster.Pixmap, shown: (x: Int32, y: Int32, width: Int32, height: Int32)) {
        guard let display = XOpenDisplay(nil) else {
            throw CaptureError("cannot open the X display to take the window's pixels (DISPLAY is not set or not reachable): give --screenshot FILE")
        }
        defer { XCloseDisplay(display) }
        let root = XDefaultRootWindow(display)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, root, &attributes)
        let x0 = max(0, x), y0 = max(0, y)
        let w = min(x + width, attributes.width) - x0, h = min(y + height, attributes.height) - y0
        guard w > 0, h > 0 else { throw CaptureError("the window lies off the \(attributes.width)x\(attributes.height) display") }
        guard let image = XGetImage(display, root, x0, y0, UInt32(w), UInt32(h), ~0, ZPixmap) else {
            throw CaptureError("the X display gave no pixels of the window")
        }
        defer { _ = image.pointee.f.destroy_image(image) }
        let i = image.pointee
        guard i.bits_per_pixel == 32, i.red_mask == 0xFF0000, i.green_mask == 0xFF00, i.blue_mask == 0xFF, let data = i.data else {
            throw CaptureError("the X display's pixels are \(i.bits_per_pixel)-bit with masks the capture does not read: give --screenshot FILE")
        }
        let pixmap: Raster.Pixmap
        do { pixmap = try Raster.Pixmap(unfilledWidth: Int(w), height: Int(h)) } catch { throw CaptureError("the window is too large to capture (\(w)x\(h))") }
        let stride = Int(i.bytes_per_line)
        for row in 0..<Int(h) {
            let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            let target = pixmap.pixels + row * pixmap.stride
            for col in 0..<Int(w) { target[col] = source[col] | 0xFF00_0000 }
        }
        return (pixmap, (x0, y0, w, h))
    }
}
