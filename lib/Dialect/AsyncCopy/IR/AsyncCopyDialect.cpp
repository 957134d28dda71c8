//===- AsyncCopyDialect.cpp - asynccopy dialect ---------------------------===//

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOpsDialect.cpp.inc"

void AsyncCopyDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
}

//===----------------------------------------------------------------------===//
// Discardable attributes: the pass protocol
//===----------------------------------------------------------------------===//

namespace {
/// One `asynccopy.*` attribute a pass records for a later one: its name, the
/// values it may hold and how to say so.
struct ProtocolAttr {
  StringRef name;
  bool (*accepts)(Attribute);
  StringLiteral expected;
};
} // namespace

/// Accepts what the generated helper of a `discardableAttrs` entry reads.
template <typename Helper> static bool isDeclaredType(Attribute attr) {
  using AttrType = decltype(std::declval<Helper>().getAttr(nullptr));
  return isa<AttrType>(attr);
}

template <typename Helper>
static ProtocolAttr declared(StringLiteral expected) {
  return {Helper::getNameStr(), isDeclaredType<Helper>, expected};
}

static bool isNonNegative(Attribute attr) {
  auto value = dyn_cast<IntegerAttr>(attr);
  return value && !value.getValue().isNegative();
}

static bool isPositive(Attribute attr) {
  auto value = dyn_cast<IntegerAttr>(attr);
  return value && value.getValue().isStrictlyPositive();
}

static bool isWaitGroups(Attribute attr) {
  auto groups = dyn_cast<IntegerAttr>(attr);
  return groups && groups.getValue().ule(3);
}

static bool isTensorMapList(Attribute attr) {
  auto maps = dyn_cast<ArrayAttr>(attr);
  return maps && llvm::all_of(maps, llvm::IsaPred<TensorMapAttr>);
}

static bool isClusterShape(Attribute attr) {
  auto shape = dyn_cast<DenseI64ArrayAttr>(attr);
  return shape && shape.size() == 3 &&
         llvm::all_of(shape.asArrayRef(), [](int64_t d) { return d >= 1; });
}

static bool isLaunchCounters(Attribute attr) {
  auto list = dyn_cast<ArrayAttr>(attr);
  return list && llvm::all_of(list, [](Attribute entry) {
           auto rows = dyn_cast<DenseI64ArrayAttr>(entry);
           return rows && rows.size() == 2 &&
                  llvm::all_of(rows.asArrayRef(),
                               [](int64_t d) { return d >= 1; });
         });
}

static bool isSmemOffsets(Attribute attr) {
  auto offsets = dyn_cast<DenseI64ArrayAttr>(attr);
  if (!offsets || offsets.size() % 2 != 0)
    return false;
  // Per operand: (0, exact offset) or (modulus, residue), a power-of-two
  // modulus and a residue below it.
  for (int64_t i = 0; i < offsets.size(); i += 2) {
    int64_t modulus = offsets[i], residue = offsets[i + 1];
    if (modulus != 0 && (modulus < 0 || !llvm::isPowerOf2_64(modulus) ||
                         residue < 0 || residue >= modulus))
      return false;
  }
  return true;
}

/// Every protocol attribute; an `asynccopy.*` attribute not listed is a typo
/// or a stale pass.
static ArrayRef<ProtocolAttr> getProtocolAttrs() {
  using D = AsyncCopyDialect;
  static const ProtocolAttr attrs[] = {
      {D::TmaDescriptorsAttrHelper::getNameStr(), isTensorMapList,
       "an array of #asynccopy.tensor_map"},
      declared<D::DescriptorModeAttrHelper>(
          "#asynccopy<descriptor_mode param> or "
          "#asynccopy<descriptor_mode scratch>"),
      {D::GridConstantsAttrHelper::getNameStr(), isNonNegative,
       "a non-negative integer (trailing tensor-map parameters)"},
      declared<D::StoreEdgeGuardAttrHelper>("a unit attribute"),
      declared<D::SubviewGuardAttrHelper>("a unit attribute"),
      declared<D::LaunchCheckedAttrHelper>("a unit attribute"),
      declared<D::TmaRuntimeGuardAttrHelper>("a unit attribute"),
      declared<D::TmaFallbackAttrHelper>("a unit attribute"),
      {D::WaitGroupsAttrHelper::getNameStr(), isWaitGroups,
       "an integer of completion-group bits, 0 to 3"},
      declared<D::ClusterAcquireAttrHelper>("a unit attribute"),
      declared<D::ProxyFenceAttrHelper>("a unit attribute"),
      {D::ClusterShapeAttrHelper::getNameStr(), isClusterShape,
       "array<i64: x, y, z> of positive extents"},
      {D::SmemOffsetsAttrHelper::getNameStr(), isSmemOffsets,
       "array<i64: ...> of two entries per SMEM operand: (0, offset) or "
       "(power-of-two modulus, residue)"},
      {D::LaunchCountersAttrHelper::getNameStr(), isLaunchCounters,
       "an array of array<i64: y, z> (grid rows per launch counter)"},
      {D::DynamicSmemBytesAttrHelper::getNameStr(), isNonNegative,
       "a non-negative integer (bytes of dynamic shared memory)"},
      {D::PipelineStagesAttrHelper::getNameStr(), isPositive,
       "a positive integer (pipeline stages)"},
      declared<D::CtaReleaseAttrHelper>("a unit attribute"),
      declared<D::PipelineEmptyBarrierAttrHelper>("a unit attribute"),
      declared<D::PipelineDynamicScheduleAttrHelper>("a unit attribute"),
      declared<D::PipelineAsyncConsumerAttrHelper>("a unit attribute"),
      declared<D::PipelineWarpSpecializeAttrHelper>("a unit attribute"),
      declared<D::PipelinePingpongAttrHelper>("a unit attribute"),
      {D::ConsumerThreadsAttrHelper::getNameStr(), isPositive,
       "a positive integer (threads of the consumers)"},
  };
  return attrs;
}

LogicalResult AsyncCopyDialect::verifyOperationAttribute(Operation *op,
                                                         NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  const ProtocolAttr *entry =
      llvm::find_if(getProtocolAttrs(),
                    [&](const ProtocolAttr &p) { return p.name == name; });
  if (entry == getProtocolAttrs().end())
    return op->emitOpError("has unknown attribute '")
           << name << "'; the asynccopy dialect defines no such attribute";
  if (!entry->accepts(attr.getValue()))
    return op->emitOpError("attribute '")
           << name << "' must be " << entry->expected << ", got "
           << attr.getValue();
  return success();
}

bool mlir::asynccopy::isSharedMemory(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  // Numeric memory spaces are NVVM's, as in upstream nvgpu code: 3 is shared.
  if (auto intSpace = dyn_cast_or_null<IntegerAttr>(space))
    return intSpace.getInt() ==
           static_cast<int64_t>(NVVM::NVVMMemorySpace::Shared);
  return false;
}

bool mlir::asynccopy::isGlobalMemory(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return true;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Global;
  if (auto intSpace = dyn_cast<IntegerAttr>(space))
    return intSpace.getInt() == 0 || intSpace.getInt() == 1;
  return false;
}
