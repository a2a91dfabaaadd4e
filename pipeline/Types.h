//===- Types.h - The enums every room of the pipeline shares ----*- C++ -*-===//
//
// The bottom of the pipeline layer: plain enums that compile, launch and the
// server all speak, so no room includes another for a type. Each enum has one
// name table, the only place its values are spelled; its name and parse
// functions read that table (and so agree by construction).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_TYPES_H
#define OMPX_PIPELINE_TYPES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <optional>
#include <string>

namespace ompx::pipeline {

/// One row of an enum's name table.
template <typename Enum> struct EnumName {
  Enum value;
  const char *name;
};

/// `value`'s name in `table` ("?" if the table lacks it).
template <typename Enum>
const char *nameIn(llvm::ArrayRef<EnumName<Enum>> table, Enum value) {
  for (const EnumName<Enum> &row : table)
    if (row.value == value)
      return row.name;
  return "?";
}

/// The value `name` spells in `table`, if any.
template <typename Enum>
std::optional<Enum> parseIn(llvm::ArrayRef<EnumName<Enum>> table,
                            llvm::StringRef name) {
  for (const EnumName<Enum> &row : table)
    if (name == row.name)
      return row.value;
  return std::nullopt;
}

/// The names of `table`, in its order (what an option accepts, the default
/// first).
template <typename Enum, size_t N>
llvm::ArrayRef<llvm::StringRef> namesOf(const EnumName<Enum> (&table)[N]) {
  static const std::array<llvm::StringRef, N> names = [&] {
    std::array<llvm::StringRef, N> out;
    for (size_t i = 0; i < N; ++i)
      out[i] = table[i].name;
    return out;
  }();
  return names;
}

/// Pipeline stages, in order. Their names are part of the LSP protocol.
enum class Stage { Setup, Parse, LowerHost, LowerDevice, Codegen, Link, Run };
inline constexpr EnumName<Stage> kStageNames[] = {
    {Stage::Setup, "setup"},
    {Stage::Parse, "parse"},
    {Stage::LowerHost, "lower host"},
    {Stage::LowerDevice, "lower device"},
    {Stage::Codegen, "codegen"},
    {Stage::Link, "link"},
    {Stage::Run, "run"}};
inline const char *stageName(Stage stage) {
  return nameIn<Stage>(kStageNames, stage);
}
inline std::optional<Stage> parseStage(llvm::StringRef text) {
  return parseIn<Stage>(kStageNames, text);
}

/// What a launch runs on (`--device=`, `ompx.listDevices`'s `kind`).
enum class DeviceKind { Auto, Host, HostOffload, NVPTX, AMDGPU };
inline constexpr EnumName<DeviceKind> kDeviceKindNames[] = {
    {DeviceKind::Auto, "auto"},
    {DeviceKind::Host, "host"},
    {DeviceKind::HostOffload, "host-offload"},
    {DeviceKind::NVPTX, "nvptx"},
    {DeviceKind::AMDGPU, "amdgpu"}};
inline const char *deviceKindName(DeviceKind kind) {
  return nameIn<DeviceKind>(kDeviceKindNames, kind);
}
inline std::optional<DeviceKind> parseDeviceKind(llvm::StringRef text) {
  return parseIn<DeviceKind>(kDeviceKindNames, text);
}

/// The MLIR a Fortran file is emitted as (`ompx-lsp emit --hlfir|--fir|
/// --llvm`, `ompx.showFortranMLIR`'s `kind`, the `STEM.KIND.mlir` files).
enum class IRLevel { HLFIR, FIR, LLVM };
inline constexpr EnumName<IRLevel> kIRLevelNames[] = {
    {IRLevel::HLFIR, "hlfir"}, {IRLevel::FIR, "fir"}, {IRLevel::LLVM, "llvm"}};
inline const char *irLevelName(IRLevel level) {
  return nameIn<IRLevel>(kIRLevelNames, level);
}
inline std::optional<IRLevel> parseIRLevel(llvm::StringRef text) {
  return parseIn<IRLevel>(kIRLevelNames, text);
}

/// An optimization level, -O0..-O3: of a launch (`launch -ON`, the
/// editor's `optLevel`), its compile job and `fix-device-ir -ON`;
/// compile/OptLevel.h maps it onto LLVM's.
enum class OptLevel : unsigned { O0, O1, O2, O3 };
inline constexpr EnumName<OptLevel> kOptLevelNames[] = {{OptLevel::O0, "0"},
                                                        {OptLevel::O1, "1"},
                                                        {OptLevel::O2, "2"},
                                                        {OptLevel::O3, "3"}};
/// "0".."3", what follows `-O`.
inline const char *optLevelName(OptLevel level) {
  return nameIn<OptLevel>(kOptLevelNames, level);
}
inline std::optional<OptLevel> parseOptLevel(llvm::StringRef text) {
  return parseIn<OptLevel>(kOptLevelNames, text);
}

/// A position in the input, 1-based, for diagnostics on the document.
struct SourceLocation {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_TYPES_H
