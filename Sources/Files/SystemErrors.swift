import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The system's failures in plain words, for one-line messages.
public enum SystemErrors {
    /// errno `code` as a person would say it: "the disk is full" for ENOSPC (which the C library
    /// calls "No space left on device", and `/dev/full` answers every write with), "permission
    /// denied", "the file system is read-only", the C library's own words for the rest.
    public static func describe(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EFBIG: return "the file is larger than the file system allows"
        case EPIPE: return "no one reads the pipe any more"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        default: return String(cString: strerror(code))
        }
    }

    /// What went wrong in `error`, in plain words: a save's or a read's reason, a Foundation file
    /// error as the system's errno it carries ("the disk is full") rather than its domain, code
    /// and user info, else the error as it describes itself.
    public static func describe(_ error: any Error) -> String {
        if let failure = error as? AtomicFileFailure { return failure.reason }
        if let failure = error as? InputFile.Failure { return failure.reason }
        let system = error as NSError
        if system.domain == NSPOSIXErrorDomain { return describe(Int32(truncatingIfNeeded: system.code)) }
        if let underlying = system.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return describe(Int32(truncatingIfNeeded: underlying.code))
        }
        if system.domain == NSCocoaErrorDomain { return describe(cocoaCode: system.code) ?? system.localizedDescription }
        return "\(error)"
    }

    /// A Foundation file error without a system errno under it, in the same plain words.
    static func describe(cocoaCode code: Int) -> String? {
        switch code {
        case CocoaError.fileWriteNoPermission.rawValue, CocoaError.fileReadNoPermission.rawValue: return describe(EACCES)
        case CocoaError.fileWriteVolumeReadOnly.rawValue: return describe(EROFS)
        case CocoaError.fileWriteOutOfSpace.rawValue: return describe(ENOSPC)
        case CocoaError.fileNoSuchFile.rawValue, CocoaError.fileReadNoSuchFile.rawValue: return "no such file or folder"
        case CocoaError.fileWriteFileExists.rawValue: return "something is in the way"
        default: return nil
        }
    }
}
