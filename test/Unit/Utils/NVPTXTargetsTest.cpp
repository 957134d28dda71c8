//===- NVPTXTargetsTest.cpp - the chip table against the NVPTX back end ---===//
//
// asynccopy validates chips and PTX versions with a table
// (Utils/NVPTXTargets); these tests compare it with the NVPTX back end of the
// linked LLVM, so that an LLVM upgrade that adds a chip or changes a minimum
// PTX version fails here instead of aborting in the back end.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Utils/NVPTXTargets.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include "gtest/gtest.h"

#include <set>

using namespace mlir::asynccopy;

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

namespace {

class NVPTXTargetsTest : public ::testing::Test {
protected:
  void SetUp() override {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    std::string error;
    target = llvm::TargetRegistry::lookupTarget(triple, error);
    ASSERT_NE(target, nullptr) << error;
  }

  /// The `.version` line of the PTX the back end emits for an empty module
  /// on `chip` without features, as major * 10 + minor.
  unsigned defaultPtxVersion(llvm::StringRef chip) {
    std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
        triple, chip, "", llvm::TargetOptions(), std::nullopt));
    llvm::LLVMContext context;
    llvm::Module module("empty", context);
    module.setTargetTriple(triple);
    module.setDataLayout(machine->createDataLayout());
    llvm::SmallString<1024> ptx;
    llvm::raw_svector_ostream os(ptx);
    llvm::legacy::PassManager pm;
    if (machine->addPassesToEmitFile(pm, os, nullptr,
                                     llvm::CodeGenFileType::AssemblyFile))
      return 0;
    pm.run(module);
    llvm::StringRef text = ptx.str();
    size_t at = text.find(".version ");
    if (at == llvm::StringRef::npos)
      return 0;
    llvm::StringRef version =
        text.drop_front(at + 9).take_until([](char c) { return c == '\n'; });
    auto [major, minor] = version.split('.');
    unsigned ma = 0, mi = 0;
    if (major.getAsInteger(10, ma) || minor.getAsInteger(10, mi))
      return 0;
    return ma * 10 + mi;
  }

  llvm::Triple triple{"nvptx64-nvidia-cuda"};
  const llvm::Target *target = nullptr;
};

TEST_F(NVPTXTargetsTest, ChipsAreTheBackEndProcessors) {
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "sm_90a", ""));
  std::set<std::string> backEnd, table;
  for (const llvm::SubtargetSubTypeKV &processor :
       info->getAllProcessorDescriptions())
    backEnd.insert(processor.Key);
  for (const nvptx::Chip &chip : nvptx::knownChips())
    table.insert(chip.name.str());
  EXPECT_EQ(table, backEnd);
  EXPECT_FALSE(info->isCPUStringValid("sm_999"));
}

TEST_F(NVPTXTargetsTest, PtxVersionsAreTheBackEndFeatures) {
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "sm_90a", ""));
  std::set<unsigned> backEnd, table;
  for (const llvm::SubtargetFeatureKV &feature :
       info->getAllProcessorFeatures()) {
    llvm::StringRef name = feature.Key;
    unsigned version = 0;
    if (name.consume_front("ptx") && !name.getAsInteger(10, version))
      backEnd.insert(version);
  }
  for (unsigned version : nvptx::knownPtxVersions())
    table.insert(version);
  EXPECT_EQ(table, backEnd);
}

TEST_F(NVPTXTargetsTest, MinimumPtxIsWhatTheBackEndPicks) {
  for (const nvptx::Chip &chip : nvptx::knownChips())
    EXPECT_EQ(chip.minPtx, defaultPtxVersion(chip.name)) << chip.name.str();
}

TEST(NVPTXTargets, ChecksChipsAndFeatures) {
  EXPECT_FALSE(nvptx::checkChip("sm_90a"));
  EXPECT_TRUE(nvptx::checkChip("sm_999"));
  EXPECT_TRUE(nvptx::checkChip("gfx90a"));
  EXPECT_EQ(nvptx::defaultFeatures("sm_80"), "+ptx81");
  EXPECT_EQ(nvptx::defaultFeatures("sm_90a"), "+ptx81");
  EXPECT_EQ(nvptx::defaultFeatures("sm_100a"), "+ptx86");
  EXPECT_EQ(nvptx::defaultFeatures("sm_100f"), "+ptx88");
  EXPECT_EQ(nvptx::defaultFeatures("sm_120"), "+ptx87");
  EXPECT_FALSE(nvptx::checkFeatures("sm_100a", "+ptx86"));
  EXPECT_FALSE(nvptx::checkFeatures("sm_90a", "+ptx80,+ptx83"));
  EXPECT_TRUE(nvptx::checkFeatures("sm_100a", "+ptx80"));
  EXPECT_TRUE(nvptx::checkFeatures("sm_80", "+ptx70"));
  EXPECT_TRUE(nvptx::checkFeatures("sm_90a", "+ptx99"));
  EXPECT_TRUE(nvptx::checkFeatures("sm_90a", "+sm_90"));
  EXPECT_TRUE(nvptx::checkFeatures("sm_90a", ","));
}

} // namespace

TEST(NVPTXTargets, SharedMemoryLimits) {
  // Statically: 48 KiB for portable chips, the whole CTA for `a` ones.
  EXPECT_EQ(nvptx::maxStaticSmemBytes("sm_90"), 48 * 1024);
  EXPECT_EQ(nvptx::maxStaticSmemBytes("sm_90a"), 227 * 1024);
  EXPECT_EQ(nvptx::maxStaticSmemBytes("sm_120a"), 99 * 1024);
  // Opting in (dynamic shared memory): each chip's CTA limit.
  EXPECT_EQ(nvptx::maxDynamicSmemBytes("sm_80"), 163 * 1024);
  EXPECT_EQ(nvptx::maxDynamicSmemBytes("sm_86"), 99 * 1024);
  EXPECT_EQ(nvptx::maxDynamicSmemBytes("sm_87"), 163 * 1024);
  EXPECT_EQ(nvptx::maxDynamicSmemBytes("sm_89"), 99 * 1024);
  EXPECT_EQ(nvptx::maxDynamicSmemBytes("sm_90"), 227 * 1024);
  EXPECT_EQ(nvptx::maxDynamicSmemBytes("sm_90a"), 227 * 1024);
  EXPECT_EQ(nvptx::maxDynamicSmemBytes("sm_100a"), 227 * 1024);
  EXPECT_EQ(nvptx::maxDynamicSmemBytes("sm_120"), 99 * 1024);
}
