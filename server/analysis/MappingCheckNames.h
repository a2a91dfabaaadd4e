//===- MappingCheckNames.h - The mapping checks' names ----------*- C++ -*-===//
//
// One spelling of each mapping check's name, as diagnostics end with it and
// `ompx-ignore(NAME)` / --disable-checks take it, for the per-construct checks
// (MappingChecks.cpp) and the data-state walk (MappingFlow.cpp) alike.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_MAPPINGCHECKNAMES_H
#define OMPX_ANALYSIS_MAPPINGCHECKNAMES_H

namespace ompx::mapping {

// Per construct.
inline constexpr const char *kWriteNotFrom = "map-write-not-from";
inline constexpr const char *kFromNotWritten = "map-from-not-written";
inline constexpr const char *kReadBeforeWrite = "map-read-before-write";
inline constexpr const char *kAccNoCopyout = "acc-write-not-copied-out";
inline constexpr const char *kHostEvalUnused = "host-eval-unused";
inline constexpr const char *kMapClauseWord = "map-clause-word";
inline constexpr const char *kAccReadBeforeWrite = "acc-read-before-write";
inline constexpr const char *kPointerTargetUnmapped = "pointer-target-unmapped";
inline constexpr const char *kFromPartlyWritten = "map-from-partly-written";
inline constexpr const char *kSectionReadOutside = "map-section-read-outside";
// The data-state walk over a function's host code.
inline constexpr const char *kStaleHostRead = "stale-host-read";
inline constexpr const char *kStaleDeviceRead = "stale-device-read";
inline constexpr const char *kNowaitHostAccess = "nowait-host-access";
inline constexpr const char *kNowaitUnordered = "nowait-unordered";
inline constexpr const char *kDeallocatedMapped = "deallocate-mapped";
inline constexpr const char *kLocalLeftMapped = "local-left-mapped";
inline constexpr const char *kImplicitScalarWrite = "implicit-scalar-write";
inline constexpr const char *kArrayParts = "map-array-parts";

/// Every check, as the disabled-checks setting lists them.
inline constexpr const char *kAllChecks[] = {
    kWriteNotFrom,       kFromNotWritten,      kReadBeforeWrite,
    kAccNoCopyout,       kHostEvalUnused,      kMapClauseWord,
    kAccReadBeforeWrite, kStaleHostRead,       kStaleDeviceRead,
    kNowaitHostAccess,   kImplicitScalarWrite, kPointerTargetUnmapped,
    kFromPartlyWritten,  kSectionReadOutside,  kNowaitUnordered,
    kDeallocatedMapped,  kArrayParts,          kLocalLeftMapped};

} // namespace ompx::mapping

#endif // OMPX_ANALYSIS_MAPPINGCHECKNAMES_H
