//===- NVPTXTargets.cpp - chips and PTX versions of the NVPTX back end ----===//

#include "asynccopy/Utils/NVPTXTargets.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::asynccopy;

/// LLVM 22's NVPTX processors and the PTX version its subtarget picks for
/// each when no `+ptx<N>` is given (the lowest it accepts).
static constexpr nvptx::Chip kChips[] = {
    {"sm_20", 32},   {"sm_21", 32},   {"sm_30", 32},   {"sm_32", 40},
    {"sm_35", 32},   {"sm_37", 41},   {"sm_50", 40},   {"sm_52", 41},
    {"sm_53", 42},   {"sm_60", 50},   {"sm_61", 50},   {"sm_62", 50},
    {"sm_70", 60},   {"sm_72", 61},   {"sm_75", 63},   {"sm_80", 70},
    {"sm_86", 71},   {"sm_87", 74},   {"sm_88", 90},   {"sm_89", 78},
    {"sm_90", 78},   {"sm_90a", 80},  {"sm_100", 86},  {"sm_100a", 86},
    {"sm_100f", 88}, {"sm_101", 86},  {"sm_101a", 86}, {"sm_101f", 88},
    {"sm_103", 88},  {"sm_103a", 88}, {"sm_103f", 88}, {"sm_110", 90},
    {"sm_110a", 90}, {"sm_110f", 90}, {"sm_120", 87},  {"sm_120a", 87},
    {"sm_120f", 88}, {"sm_121", 88},  {"sm_121a", 88}, {"sm_121f", 88}};

static constexpr unsigned kPtxVersions[] = {
    32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64, 65, 70, 71, 72, 73,
    74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90};

ArrayRef<nvptx::Chip> nvptx::knownChips() { return kChips; }

ArrayRef<unsigned> nvptx::knownPtxVersions() { return kPtxVersions; }

std::optional<unsigned> nvptx::minPtxVersion(StringRef chip) {
  const Chip *it =
      llvm::find_if(kChips, [&](const Chip &c) { return c.name == chip; });
  if (it == std::end(kChips))
    return std::nullopt;
  return it->minPtx;
}

/// "8.6" for 86.
static std::string ptxString(unsigned version) {
  return (Twine(version / 10) + "." + Twine(version % 10)).str();
}

std::optional<std::string> nvptx::checkChip(StringRef chip) {
  if (!tma::parseSmVersion(chip))
    return std::string("is not an NVIDIA GPU architecture; expected sm_<N> "
                       "with an optional a/f suffix (e.g. sm_90a)");
  if (minPtxVersion(chip))
    return std::nullopt;
  std::string known;
  llvm::raw_string_ostream os(known);
  llvm::interleaveComma(kChips, os, [&](const Chip &c) { os << c.name; });
  return "is not a chip LLVM's NVPTX back end knows (" + known + ")";
}

int64_t nvptx::maxStaticSmemBytes(StringRef chip) {
  if (!chip.ends_with("a"))
    return hw::kDefaultSmemBytes;
  std::optional<unsigned> sm = tma::parseSmVersion(chip);
  return sm && *sm / 10 == 12 ? hw::kMaxSmemBytesSm12x : hw::kMaxSmemBytes;
}

int64_t nvptx::maxDynamicSmemBytes(StringRef chip) {
  std::optional<unsigned> sm = tma::parseSmVersion(chip);
  if (!sm)
    return hw::kDefaultSmemBytes;
  switch (*sm) {
  case 80:
  case 87:
    return hw::kMaxSmemBytesSm80;
  case 86:
  case 89:
    return hw::kMaxSmemBytesSm12x;
  default:
    if (*sm / 10 == 12)
      return hw::kMaxSmemBytesSm12x;
    return *sm >= 90 ? hw::kMaxSmemBytes : hw::kDefaultSmemBytes;
  }
}

/// The lowest PTX version `chip` and the lowering both accept.
static unsigned requiredPtx(StringRef chip) {
  return std::max(nvptx::kLoweringMinPtx, *nvptx::minPtxVersion(chip));
}

std::string nvptx::defaultFeatures(StringRef chip) {
  return "+ptx" + std::to_string(std::max(kStAsyncPtx, requiredPtx(chip)));
}

std::optional<std::string> nvptx::checkFeatures(StringRef chip,
                                                StringRef features) {
  SmallVector<StringRef> entries;
  features.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  std::optional<unsigned> ptx;
  for (StringRef entry : entries) {
    StringRef digits = entry.trim();
    unsigned version = 0;
    if (!digits.consume_front("+ptx") || digits.getAsInteger(10, version) ||
        !llvm::is_contained(kPtxVersions, version))
      return ("must be a comma-separated list of +ptx<N> with a PTX version "
              "the NVPTX back end knows (e.g. +ptx86); `" +
              entry.trim() + "` is not")
          .str();
    ptx = std::max(ptx.value_or(0), version);
  }
  if (!ptx)
    return std::string("select no PTX version; use +ptx<N> (e.g. +ptx86) or "
                       "leave `features` out");
  unsigned required = requiredPtx(chip);
  if (*ptx >= required)
    return std::nullopt;
  std::string why = *minPtxVersion(chip) > kLoweringMinPtx
                        ? ("chip '" + chip + "' needs").str()
                        : std::string("the asynccopy lowering needs");
  return "select PTX " + ptxString(*ptx) + ", but " + why + " PTX " +
         ptxString(required) + " or newer; use +ptx" +
         std::to_string(required) + " or leave `features` out";
}
