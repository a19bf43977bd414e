import Foundation
import TranslationFiles
import Views

/// Limelight's words in every language it ships a translation file for (`assets/strings`), as
/// the command line says them.
public enum ShippedStrings {
    /// The folder of the shipped translation files.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/strings").path

    /// English and every shipped language.
    public static let strings: InterfaceStrings = {
        do { return InterfaceStrings.builtIn.adding(try InterfaceWords.load(folder: folder)) } catch {
            fatalError("the shipped translation files do not read: \(error)")
        }
    }()
}
