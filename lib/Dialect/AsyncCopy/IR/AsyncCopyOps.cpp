//===- AsyncCopyOps.cpp - asynccopy operations ----------------------------===//
//
// Custom syntax of the copy and prefetch ops, and the verifiers that enforce
// the IR contract of docs/ir.md.
//
//===----------------------------------------------------------------------===//

#include "CopyRules.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Dialect/AsyncCopy/IR/ElementTypes.h"
#include "asynccopy/Dialect/AsyncCopy/IR/WgmmaOperands.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;

using tma::kMaxMbarrierCount;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Checks a stage index against the barrier's stage count when it is constant.
static LogicalResult verifyStage(Operation *op, BarrierType type, Value stage) {
  APInt value;
  if (!stage || !matchPattern(stage, m_ConstantInt(&value)))
    return success();
  int64_t s = value.getSExtValue();
  if (s < 0 || s >= type.getNumStages())
    return op->emitOpError("stage index ")
           << s << " is out of range for " << type << " ("
           << type.getNumStages() << " stages: use 0 to "
           << type.getNumStages() - 1 << ")";
  return success();
}

/// Resolves an operand whose type the syntax does not spell (the barrier of
/// `barrier %b[%s]`). MLIR's parser knows the type of every value defined
/// before its use but offers no lookup, so a first resolution with `guess`
/// that mismatches reports the real type as a diagnostic argument; the
/// operand is then resolved with that type. A forward reference keeps the
/// guess.
static ParseResult
resolveOperandOfUnspelledType(OpAsmParser &parser,
                              const OpAsmParser::UnresolvedOperand &operand,
                              Type guess, SmallVectorImpl<Value> &result) {
  Type actual;
  {
    ScopedDiagnosticHandler capture(parser.getContext(), [&](Diagnostic &diag) {
      for (DiagnosticArgument &arg : diag.getArguments())
        if (arg.getKind() == DiagnosticArgument::DiagnosticArgumentKind::Type)
          actual = arg.getAsType();
      return success();
    });
    if (succeeded(parser.resolveOperand(operand, guess, result)))
      return success();
  }
  if (!actual)
    return parser.emitError(operand.location, "cannot resolve ")
           << operand.name;
  return parser.resolveOperand(operand, actual, result);
}

/// Parses `window [offsets] [sizes]` after the keyword.
static ParseResult
parseWindow(OpAsmParser &parser,
            SmallVectorImpl<OpAsmParser::UnresolvedOperand> &offsets,
            OperationState &result) {
  DenseI64ArrayAttr staticOffsets;
  if (parseDynamicIndexList(parser, offsets, staticOffsets))
    return failure();
  SmallVector<int64_t> sizes;
  auto parseSize = [&]() -> ParseResult {
    int64_t size = 0;
    OptionalParseResult parsed = parser.parseOptionalInteger(size);
    if (!parsed.has_value())
      return parser.emitError(parser.getCurrentLocation(),
                              "window sizes must be static integers");
    if (failed(*parsed))
      return failure();
    sizes.push_back(size);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseSize))
    return failure();
  result.addAttribute("static_offsets", staticOffsets);
  result.addAttribute("static_sizes",
                      DenseI64ArrayAttr::get(parser.getContext(), sizes));
  return success();
}

static void printWindow(OpAsmPrinter &p, Operation *op, OperandRange offsets,
                        DenseI64ArrayAttr staticOffsets,
                        DenseI64ArrayAttr staticSizes) {
  if (!staticSizes)
    return;
  p << " window ";
  printDynamicIndexList(p, op, offsets, staticOffsets.asArrayRef());
  p << " [";
  llvm::interleaveComma(staticSizes.asArrayRef(), p);
  p << "]";
}

/// Attribute names the custom printers never put in the attribute dict.
static constexpr StringRef kElidedAttrs[] = {"static_offsets", "static_sizes",
                                             "operandSegmentSizes"};

SmallVector<GmemTransformAttrInterface>
copy_like::toTransformList(std::optional<ArrayAttr> transforms) {
  SmallVector<GmemTransformAttrInterface> list;
  if (transforms)
    for (Attribute attr : *transforms)
      if (auto t = dyn_cast<GmemTransformAttrInterface>(attr))
        list.push_back(t);
  return list;
}

SmallVector<OpFoldResult>
copy_like::toMixedOffsets(MLIRContext *ctx,
                          std::optional<ArrayRef<int64_t>> statics,
                          ValueRange dynamics) {
  if (!statics)
    return {};
  return getMixedValues(*statics, dynamics, ctx);
}

/// Verifies the GMEM window (offsets/sizes vs. the GMEM rank) and the
/// transforms; returns the transformed window shape.
static FailureOr<SmallVector<int64_t>>
verifyWindowAndTransforms(Operation *op, MemRefType gmemType,
                          std::optional<ArrayRef<int64_t>> staticOffsets,
                          std::optional<ArrayRef<int64_t>> staticSizes,
                          ValueRange offsets,
                          std::optional<ArrayAttr> transforms) {
  int64_t rank = gmemType.getRank();
  SmallVector<int64_t> sizes;
  if (staticOffsets.has_value() != staticSizes.has_value() ||
      (!staticSizes && !offsets.empty()))
    return op->emitOpError("a window needs both offsets and sizes");
  if (staticSizes) {
    if (!staticOffsets || static_cast<int64_t>(staticOffsets->size()) != rank ||
        static_cast<int64_t>(staticSizes->size()) != rank)
      return op->emitOpError("window has ")
             << (staticOffsets ? staticOffsets->size() : 0) << " offsets and "
             << staticSizes->size() << " sizes but the GMEM operand has rank "
             << rank;
    if (failed(verifyListOfOperandsOrIntegers(op, "window offset", rank,
                                              *staticOffsets, offsets)))
      return failure();
    for (auto [i, s] : llvm::enumerate(*staticSizes))
      if (s <= 0)
        return op->emitOpError("window size of dim ")
               << i << " must be positive, got " << s;
    sizes.assign(staticSizes->begin(), staticSizes->end());
  } else {
    if (!gmemType.hasStaticShape())
      return op->emitOpError("without a `window` the whole GMEM operand is "
                             "copied, which needs a static shape; got ")
             << gmemType;
    sizes.assign(gmemType.getShape().begin(), gmemType.getShape().end());
  }

  SmallVector<int64_t> strides;
  int64_t offset = 0;
  if (failed(gmemType.getStridesAndOffset(strides, offset)))
    return op->emitOpError("GMEM operand needs a strided layout, got ")
           << gmemType
           << "; use the identity layout or strided<[...], offset: ...>";

  if (transforms) {
    for (Attribute attr : *transforms)
      if (!isa<GmemTransformAttrInterface>(attr))
        return op->emitOpError("`transforms` must hold GMEM transforms "
                               "(#asynccopy.tile, transpose, collapse_leading, "
                               "drop_unit_dims), got ")
               << attr;
  }
  FailureOr<SmallVector<int64_t>> transformed = applyTransformsToShape(
      copy_like::toTransformList(transforms), sizes, [&]() {
        return op->emitOpError("transforms do not apply to the window: ");
      });
  if (failed(transformed))
    return failure();
  // The analysis multiplies extents and element bits: keep them in int64_t.
  if (gmemType.getElementType().isIntOrFloat()) {
    int64_t bits = tma::storageBits(gmemType.getElementType());
    for (int64_t s : sizes)
      if (llvm::MulOverflow(bits, s, bits))
        return op->emitOpError("window of ")
               << llvm::make_range(sizes.begin(), sizes.end())
               << " elements is too large (its size in bits overflows "
                  "int64_t)";
  }
  return transformed;
}

/// `oob = promise_in_bounds` lets the lowerings drop every bounds check; a
/// window that static offsets and sizes put (partly) outside a static tensor
/// breaks that promise, so the copy would access memory outside the tensor.
static LogicalResult
verifyPromisedInBounds(Operation *op, std::optional<OOBMode> oob,
                       MemRefType gmemType,
                       std::optional<ArrayRef<int64_t>> staticOffsets,
                       std::optional<ArrayRef<int64_t>> staticSizes) {
  if (oob != OOBMode::promise_in_bounds || !staticOffsets || !staticSizes)
    return success();
  for (auto [dim, offset, size] :
       llvm::enumerate(*staticOffsets, *staticSizes)) {
    int64_t extent = gmemType.getDimSize(dim);
    if (ShapedType::isDynamic(extent))
      continue;
    if (size > extent)
      return op->emitOpError("promises an in-bounds window (oob = "
                             "promise_in_bounds), but its ")
             << size << " elements in dim " << dim << " exceed the tensor's "
             << extent << "; use oob = zeros or a smaller window";
    if (!ShapedType::isDynamic(offset) &&
        (offset < 0 || offset > extent - size))
      return op->emitOpError("promises an in-bounds window (oob = "
                             "promise_in_bounds), but in dim ")
             << dim << " its " << size << " elements from offset " << offset
             << " leave the tensor's [0, " << extent
             << "); use oob = zeros or move the window";
  }
  return success();
}

static bool isContiguousStatic(MemRefType type) {
  if (!type.hasStaticShape())
    return false;
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t expected = 1;
  for (int64_t i = type.getRank() - 1; i >= 0; --i) {
    if (type.getDimSize(i) != 1 && strides[i] != expected)
      return false;
    expected *= type.getDimSize(i);
  }
  return true;
}

static LogicalResult verifySwizzle(Operation *op, int64_t swizzle,
                                   MemRefType smemType) {
  if (!tma::isValidSwizzle(swizzle))
    return op->emitOpError("swizzle must be 0, 32, 64 or 128 (bytes), got ")
           << swizzle;
  if (swizzle == 0 || !smemType)
    return success();
  Type elem = smemType.getElementType();
  int64_t bits = tma::storageBits(elem);
  if (bits % 8 != 0)
    return op->emitOpError("swizzle ")
           << swizzle << " B needs byte-sized elements, got " << elem
           << "; use swizzle = 0";
  if (smemType.getRank() == 0)
    return success();
  int64_t innerBytes = smemType.getShape().back() * bits / 8;
  if (innerBytes > swizzle && innerBytes % swizzle != 0)
    return op->emitOpError("swizzle span of ")
           << swizzle << " B is incompatible with the innermost SMEM dim of "
           << innerBytes << " B (" << smemType.getShape().back() << " x "
           << elem << "): it must be at most the span or a multiple of it";
  return success();
}

/// Copies move integers and floats that GPU memory holds as 1, 2, 4 or 8
/// bytes (tf32 in 4), or sub-byte types (which no implementation lowers yet;
/// selection says why). Wider or odd-sized ones (f80, f128, i24, i128) have
/// no NVPTX memory type.
static LogicalResult verifyElementType(Operation *op, Type type) {
  int64_t bits = tma::storageBits(type);
  if (type.isIntOrFloat() &&
      (bits < 8 || llvm::is_contained({8, 16, 32, 64}, bits)))
    return success();
  return op->emitOpError("copies move integer or floating-point elements of "
                         "1, 2, 4 or 8 bytes, got ")
         << type;
}

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

LogicalResult mlir::asynccopy::verifyKnownAttributes(Operation *op) {
  for (NamedAttribute attr : op->getDiscardableAttrs()) {
    StringRef name = attr.getName().strref();
    // A dialect's own attribute (`asynccopy.*` ones are checked by the
    // dialect, others by theirs).
    if (name.contains('.'))
      continue;
    // What the op's syntax writes for the user (operand segments, the
    // window's static parts) is not offered.
    SmallVector<StringRef> known;
    for (StringAttr candidate : op->getName().getAttributeNames())
      if (candidate.strref() != "operandSegmentSizes" &&
          !candidate.strref().starts_with("static_"))
        known.push_back(candidate.strref());
    InFlightDiagnostic diag = op->emitOpError("has no attribute `")
                              << name << "`";
    // The closest name the op defines, if it is close enough to be a typo.
    StringRef best;
    unsigned bestDistance = std::max<size_t>(2, name.size() / 3) + 1;
    for (StringRef candidate : known) {
      unsigned distance = name.edit_distance(
          candidate, /*AllowReplacements=*/true, bestDistance);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    if (!best.empty())
      return diag << ": did you mean `" << best << "`?";
    if (known.empty())
      return diag << ": it takes none (an attribute of another dialect is "
                     "written with its prefix)";
    diag << "; it takes ";
    llvm::interleave(
        known, diag, [&](StringRef n) { diag << "`" << n << "`"; }, ", ");
    return diag << " (an attribute of another dialect is written with its "
                   "prefix)";
  }
  return success();
}

LogicalResult mlir::asynccopy::verifyDevicePlacement(Operation *op) {
  // The pipelines outline launch bodies into kernels.
  if (op->getParentOfType<gpu::LaunchOp>())
    return success();
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return op->emitOpError("is outside any function (in '")
           << op->getParentOp()->getName()
           << "'), where no GPU thread executes it; put it in a kernel or "
              "device function of a gpu.module, or in a gpu.launch body";
  for (Operation *parent = func->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<gpu::GPUModuleOp>(parent))
      return success();
    if (parent->hasAttr(gpu::GPUDialect::getContainerModuleAttrName()))
      return op->emitOpError("is in host function @")
             << func.getName()
             << ", which no GPU thread executes; move it into a kernel or "
                "device function of a gpu.module, or into a gpu.launch body";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Barrier ops
//===----------------------------------------------------------------------===//

LogicalResult BarrierAllocOp::verify() {
  if (getBarrier().getType().getRemote())
    return emitOpError("cannot allocate a remote barrier view; use "
                       "asynccopy.barrier.remote on a local barrier");
  return success();
}

LogicalResult BarrierInitOp::verify() {
  if (getBarrier().getType().getRemote())
    return emitOpError("a remote barrier view cannot be initialized; only the "
                       "owning CTA initializes its barriers");
  int64_t count = getCountAttr().getInt();
  if (count < 1 || count > kMaxMbarrierCount)
    return emitOpError("arrival count must be in [1, ")
           << kMaxMbarrierCount << "], got " << count;
  return success();
}

LogicalResult BarrierArriveOp::verify() {
  if (IntegerAttr countAttr = getCountAttr()) {
    int64_t count = countAttr.getInt();
    if (count < 1 || count > kMaxMbarrierCount)
      return emitOpError("arrival count must be in [1, ")
             << kMaxMbarrierCount << "], got " << count;
  }
  return verifyStage(*this, getBarrier().getType(), getStage());
}

LogicalResult BarrierArriveExpectTxOp::verify() {
  int64_t bytes = getBytesAttr().getInt();
  if (bytes < 0 || bytes > kMaxMbarrierCount)
    return emitOpError("expected transaction bytes must be in [0, ")
           << kMaxMbarrierCount << "], got " << bytes;
  return verifyStage(*this, getBarrier().getType(), getStage());
}

LogicalResult BarrierWaitOp::verify() {
  if (getBarrier().getType().getRemote())
    return emitOpError("a remote barrier view cannot be waited on; only the "
                       "owning CTA can wait on its barriers");
  return verifyStage(*this, getBarrier().getType(), getStage());
}

/// A constant CTA rank `rank` names a CTA of the cluster: it is not
/// negative and, in a kernel with `known_cluster_size`, below the CTAs of
/// its clusters (`mapa` of a rank outside the cluster is undefined).
static LogicalResult verifyClusterRank(Operation *op, Value rank) {
  APInt value;
  if (!rank || !matchPattern(rank, m_ConstantInt(&value)))
    return success();
  int64_t r = value.getSExtValue();
  if (r < 0)
    return op->emitOpError("targets CTA rank ")
           << r << " of the cluster; ranks are 0 or more";
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  DenseI32ArrayAttr known = func ? func.getKnownClusterSizeAttr() : nullptr;
  if (!known)
    return success();
  int64_t ctas = 1;
  for (int32_t dim : known.asArrayRef())
    ctas *= dim;
  if (r >= ctas)
    return op->emitOpError("targets CTA rank ")
           << r << ", but the kernel's clusters have " << ctas
           << " CTAs (known_cluster_size = " << known << "): ranks are 0 to "
           << ctas - 1;
  return success();
}

LogicalResult BarrierRemoteOp::verify() {
  BarrierType in = getBarrier().getType(), out = getResult().getType();
  if (in.getRemote())
    return emitOpError("cannot be applied to a remote view; apply it to the "
                       "local barrier instead");
  if (!out.getRemote() || out.getNumStages() != in.getNumStages())
    return emitOpError("result must be ")
           << BarrierType::get(getContext(), in.getNumStages(), true)
           << ", got " << out;
  return verifyClusterRank(*this, getRank());
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

Value copy_like::getCopyGmem(Value source, Value dest) {
  for (Value side : {source, dest})
    if (isGlobalMemory(cast<MemRefType>(side.getType())))
      return side;
  return {};
}

SmallVector<int64_t>
copy_like::getCopyWindowSizes(std::optional<ArrayRef<int64_t>> sizes,
                              Value gmem) {
  if (sizes)
    return SmallVector<int64_t>(*sizes);
  if (!gmem)
    return {};
  return SmallVector<int64_t>(cast<MemRefType>(gmem.getType()).getShape());
}

Value CopyOp::getGmem() {
  return copy_like::getCopyGmem(getSource(), getDest());
}

Value CopyOp::getSmem() { return isLoad() ? getDest() : getSource(); }

bool CopyOp::isLoad() { return isGlobalMemory(getSource().getType()); }

bool CopyOp::isStore() { return isGlobalMemory(getDest().getType()); }

SmallVector<OpFoldResult> CopyOp::getMixedOffsets() {
  return copy_like::toMixedOffsets(getContext(), getStaticOffsets(),
                                   getOffsets());
}

SmallVector<int64_t> CopyOp::getWindowSizes() {
  return copy_like::getCopyWindowSizes(getStaticSizes(), getGmem());
}

SmallVector<GmemTransformAttrInterface> CopyOp::getTransformList() {
  return copy_like::toTransformList(getTransforms());
}

/// Clause keywords of a copy; they may be written in any order and are
/// printed as: window, remote, barrier, predicate, peer.
ParseResult copy_like::parseCopyClauses(OpAsmParser &parser,
                                        OperationState &result,
                                        std::array<int32_t, 8> &segments) {
  OpAsmParser::UnresolvedOperand source, dest, barrier, stage, predicate, rank,
      peer;
  SmallVector<OpAsmParser::UnresolvedOperand> offsets;
  bool hasWindow = false, hasBarrier = false, hasPredicate = false,
       hasRemote = false, hasPeer = false;
  if (parser.parseOperand(source) || parser.parseKeyword("to") ||
      parser.parseOperand(dest))
    return failure();

  while (true) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (failed(parser.parseOptionalKeyword(
            &keyword, {"window", "barrier", "predicate", "remote", "peer"})))
      break;
    auto once = [&](bool &seen) -> ParseResult {
      if (seen)
        return parser.emitError(loc, "duplicate `") << keyword << "` clause";
      seen = true;
      return success();
    };
    if (keyword == "window") {
      if (once(hasWindow) || parseWindow(parser, offsets, result))
        return failure();
    } else if (keyword == "barrier") {
      if (once(hasBarrier) || parser.parseOperand(barrier) ||
          parser.parseLSquare() || parser.parseOperand(stage) ||
          parser.parseRSquare())
        return failure();
    } else if (keyword == "predicate") {
      if (once(hasPredicate) || parser.parseOperand(predicate))
        return failure();
    } else if (keyword == "remote") {
      if (once(hasRemote) || parser.parseOperand(rank))
        return failure();
    } else if (once(hasPeer) || parser.parseOperand(peer)) {
      return failure();
    }
  }

  Type sourceType, destType;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(sourceType) || parser.parseKeyword("to") ||
      parser.parseType(destType))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    Type tokenType;
    if (parser.parseType(tokenType))
      return failure();
    result.addTypes(tokenType);
  }

  Builder &b = parser.getBuilder();
  Type i32 = b.getI32Type(), indexType = b.getIndexType();
  if (parser.resolveOperand(source, sourceType, result.operands) ||
      parser.resolveOperand(dest, destType, result.operands) ||
      parser.resolveOperands(offsets, indexType, result.operands))
    return failure();
  if (hasBarrier && (resolveOperandOfUnspelledType(
                         parser, barrier, BarrierType::get(b.getContext(), 1),
                         result.operands) ||
                     parser.resolveOperand(stage, indexType, result.operands)))
    return failure();
  if (hasPredicate &&
      parser.resolveOperand(predicate, b.getI1Type(), result.operands))
    return failure();
  if (hasRemote && parser.resolveOperand(rank, i32, result.operands))
    return failure();
  if (hasPeer && parser.resolveOperand(peer, i32, result.operands))
    return failure();

  segments = {1,          1,          static_cast<int32_t>(offsets.size()),
              hasBarrier, hasBarrier, hasPredicate,
              hasRemote,  hasPeer};
  return success();
}

ParseResult CopyOp::parse(OpAsmParser &parser, OperationState &result) {
  return copy_like::parseCopyClauses(
      parser, result,
      result.getOrAddProperties<Properties>().operandSegmentSizes);
}

void copy_like::printCopyClauses(OpAsmPrinter &p, AsyncCopyLikeOpInterface op) {
  p << ' ' << op.getSource() << " to " << op.getDest();
  printWindow(p, op, op.getOffsets(), op.getStaticOffsetsAttr(),
              op.getStaticSizesAttr());
  if (Value rank = op.getRank())
    p << " remote " << rank;
  if (Value barrier = op.getBarrier())
    p << " barrier " << barrier << '[' << op.getStage() << ']';
  if (Value predicate = op.getPredicate())
    p << " predicate " << predicate;
  if (Value peer = op.getPeer())
    p << " peer " << peer;
  p.printOptionalAttrDict(op->getAttrs(), kElidedAttrs);
  p << " : " << op.getSource().getType() << " to " << op.getDest().getType();
  if (Value token = op.getToken())
    p << " -> " << token.getType();
}

void CopyOp::print(OpAsmPrinter &p) { copy_like::printCopyClauses(p, *this); }

//===----------------------------------------------------------------------===//
// The rules of every copy (CopyRules.h)
//===----------------------------------------------------------------------===//

/// Copies address memory forwards: a memref with a negative static stride
/// (a reversed view) has no well-formed flat or tensor-map view.
static LogicalResult verifyNonNegativeStrides(Operation *op, MemRefType type,
                                              StringRef name) {
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return success();
  for (auto [i, stride] : llvm::enumerate(strides))
    if (!ShapedType::isDynamic(stride) && stride < 0)
      return op->emitOpError() << name << " stride of dim " << i
                               << " must be non-negative, got " << stride;
  return success();
}

/// Both memrefs hold one copyable element type, live in GMEM or SMEM, have a
/// byte size int64_t holds (SMEM) and non-negative strides.
static LogicalResult verifyCopyOperands(Operation *op, MemRefType srcType,
                                        MemRefType dstType) {
  if (srcType.getElementType() != dstType.getElementType())
    return op->emitOpError("source element type ")
           << srcType.getElementType() << " and destination element type "
           << dstType.getElementType() << " differ";
  if (failed(verifyElementType(op, srcType.getElementType())))
    return failure();
  std::pair<StringRef, MemRefType> sides[] = {{"source", srcType},
                                              {"destination", dstType}};
  for (auto [name, type] : sides)
    if (!isGlobalMemory(type) && !isSharedMemory(type))
      return op->emitOpError()
             << name << " must be in GMEM or in SMEM "
             << "(#gpu.address_space<workgroup>), got " << type;
  for (auto [name, type] : sides) {
    if (!isSharedMemory(type) || !type.hasStaticShape())
      continue;
    int64_t bytes = (tma::storageBits(type.getElementType()) + 7) / 8;
    for (int64_t d : type.getShape())
      if (llvm::MulOverflow(bytes, d, bytes))
        return op->emitOpError()
               << name << " " << type << " does not fit in the "
               << tma::kMaxSmemBytes << " B of shared memory a CTA has";
  }
  if (failed(verifyNonNegativeStrides(op, srcType, "source")))
    return failure();
  return verifyNonNegativeStrides(op, dstType, "destination");
}

/// `collective` names distinct cluster dims; `partition` needs it.
static LogicalResult verifyCollective(Operation *op,
                                      std::optional<ArrayAttr> collective,
                                      Attribute partition) {
  if (collective) {
    if (collective->empty())
      return op->emitOpError("`collective` needs at least one cluster dim, "
                             "e.g. collective = [#gpu<dim x>]");
    llvm::SmallDenseSet<unsigned> seen;
    for (Attribute attr : *collective) {
      auto dim = dyn_cast<gpu::DimensionAttr>(attr);
      if (!dim)
        return op->emitOpError(
                   "`collective` holds cluster dims (#gpu<dim x>), got ")
               << attr;
      if (!seen.insert(static_cast<unsigned>(dim.getValue())).second)
        return op->emitOpError("`collective` names cluster dim ")
               << dim << " twice";
    }
  }
  if (partition && !collective)
    return op->emitOpError("`partition` needs `collective`: name the cluster "
                           "dims that share the window (collective = "
                           "[#gpu<dim x>]) or drop `partition`");
  return success();
}

/// A copy completes on a local barrier (a `remote` copy maps it into the
/// destination CTA itself), at a stage the barrier has.
static LogicalResult verifyCompletionBarrier(AsyncCopyLikeOpInterface op) {
  Value barrier = op.getBarrier();
  if (!barrier)
    return success();
  auto type = cast<BarrierType>(barrier.getType());
  if (type.getRemote())
    return op->emitOpError("a copy cannot complete on a remote barrier view; "
                           "pass the local barrier (a `remote` copy maps it "
                           "into the destination CTA)");
  return verifyStage(op, type, op.getStage());
}

/// A `remote` copy moves one whole SMEM buffer (or strided view) as it is
/// into the same-shaped buffer of CTA `%rank`, completing on its barrier.
static LogicalResult verifyRemoteCopy(AsyncCopyLikeOpInterface op) {
  auto srcType = cast<MemRefType>(op.getSource().getType());
  auto dstType = cast<MemRefType>(op.getDest().getType());
  if (!op.getRank())
    return op->emitOpError("SMEM -> SMEM copies must name the destination CTA "
                           "with `remote %rank`");
  if (op.getStaticSizesAttr())
    return op->emitOpError("a `remote` copy takes no window; both sides are "
                           "whole SMEM buffers");
  // Strided views are fine: the sync path addresses them through their
  // strides (the DSMEM bulk copy declines them in selection).
  auto isStridedStatic = [](MemRefType type) {
    return type.hasStaticShape() && type.isStrided();
  };
  if (!isStridedStatic(srcType) || srcType.getShape() != dstType.getShape() ||
      !isStridedStatic(dstType))
    return op->emitOpError("a `remote` copy needs two SMEM buffers (or strided "
                           "views) of the same static shape, got ")
           << srcType << " and " << dstType;
  if (!op.getBarrier())
    return op->emitOpError("a `remote` (DSMEM) copy needs a barrier; its bytes "
                           "complete on the destination CTA's barrier");
  // Name the offending clause: a remote copy moves one whole buffer as is.
  StringRef extra = op.getPeer()                 ? "peer"
                    : op.getTransforms()         ? "transforms"
                    : op.getCollective()         ? "collective"
                    : op.getReduction()          ? "reduction"
                    : op.getSwizzleOrZero() != 0 ? "swizzle"
                    : op.getOob()                ? "oob"
                                                 : "";
  if (!extra.empty())
    return op->emitOpError("a `remote` copy takes no peer, transforms, "
                           "collective, reduction, swizzle or oob; drop `")
           << extra << "`";
  if (op.getToken())
    return op->emitOpError("a `remote` copy completes on the barrier and "
                           "returns no token");
  return success();
}

/// The SMEM side of a GMEM <-> SMEM copy is one contiguous static buffer
/// that fits a CTA's shared memory.
static LogicalResult verifySmemBuffer(Operation *op, MemRefType smemType) {
  if (!isContiguousStatic(smemType))
    return op->emitOpError("the SMEM operand must be a contiguous buffer with "
                           "a static shape, got ")
           << smemType;
  int64_t smemBytes = smemType.getNumElements() *
                      tma::storageBits(smemType.getElementType()) / 8;
  if (smemBytes > tma::kMaxSmemBytes)
    return op->emitOpError("the SMEM buffer holds ")
           << smemBytes << " B, more than the " << tma::kMaxSmemBytes
           << " B of shared memory a CTA can have; copy a smaller window";
  return success();
}

/// The window after its transforms has the SMEM shape (leading unit dims
/// may be left out in SMEM); returns the transformed window shape.
static FailureOr<SmallVector<int64_t>>
verifyWindowShape(AsyncCopyLikeOpInterface op, MemRefType gmemType,
                  MemRefType smemType) {
  DenseI64ArrayAttr offsetsAttr = op.getStaticOffsetsAttr();
  DenseI64ArrayAttr sizesAttr = op.getStaticSizesAttr();
  std::optional<ArrayRef<int64_t>> offsets, sizes;
  if (offsetsAttr)
    offsets = offsetsAttr.asArrayRef();
  if (sizesAttr)
    sizes = sizesAttr.asArrayRef();
  FailureOr<SmallVector<int64_t>> transformed = verifyWindowAndTransforms(
      op, gmemType, offsets, sizes, op.getOffsets(), op.getTransforms());
  if (failed(transformed))
    return failure();
  ArrayRef<int64_t> want(*transformed), have = smemType.getShape();
  while (want.size() > have.size() && want.front() == 1)
    want = want.drop_front();
  if (want != have)
    return op->emitOpError("SMEM shape [")
           << have << "] does not match the transformed window shape ["
           << ArrayRef<int64_t>(*transformed)
           << "] (leading unit dims may be omitted)";
  if (failed(verifyPromisedInBounds(op, op.getOob(), gmemType, offsets, sizes)))
    return failure();
  return transformed;
}

/// `oob = nan` fills with a NaN, which only floating-point types have.
static LogicalResult verifyNanFill(Operation *op, OOBMode oob, Type elem) {
  if (oob != OOBMode::nan)
    return success();
  auto floatType = dyn_cast<FloatType>(elem);
  if (floatType &&
      llvm::APFloat::semanticsHasNaN(floatType.getFloatSemantics()))
    return success();
  return op->emitOpError("oob = nan needs a floating-point element type "
                         "with a NaN, got ")
         << elem << "; use oob = zeros";
}

/// `#asynccopy.partitioned<axis>` splits a dim of the transformed window.
static LogicalResult verifyPartitionAxis(Operation *op, Attribute partition,
                                         ArrayRef<int64_t> transformed) {
  auto partitioned = dyn_cast_if_present<PartitionedAttr>(partition);
  if (!partitioned)
    return success();
  int64_t axis = partitioned.getAxis(), rank = transformed.size();
  if (axis < 0 || axis >= rank)
    return op->emitOpError("partition axis ")
           << axis << " is out of range for the rank-" << rank
           << " transformed window (use 0 to " << rank - 1 << ")";
  return success();
}

/// A load completes on a barrier or through its token; a collective one
/// multicasts, which completes on barriers only. Loads do not reduce.
static LogicalResult verifyLoadCompletion(AsyncCopyLikeOpInterface op) {
  if (op.getReduction())
    return op->emitOpError("reductions apply only to SMEM -> GMEM copies");
  if (op.getCollective() && !op.getBarrier())
    return op->emitOpError("collective copies multicast through TMA and need "
                           "a barrier");
  if (!op.getBarrier() && !op.getToken())
    return op->emitOpError("a GMEM -> SMEM copy needs a barrier (TMA and bulk "
                           "loads complete on an mbarrier) or a token result "
                           "(cp_async, sync)");
  return success();
}

/// A store completes through its token or `wait_group bulk`, is not
/// multicast, and reduces only element types some implementation can.
static LogicalResult verifyStoreCompletion(AsyncCopyLikeOpInterface op,
                                           Type elem) {
  if (op.getBarrier())
    return op->emitOpError("SMEM -> GMEM copies take no barrier; they "
                           "complete through their token or `wait_group "
                           "bulk`");
  if (op.getCollective())
    return op->emitOpError("collective copies must be GMEM -> SMEM");
  std::optional<ReductionKind> kind = op.getReduction();
  std::string legal;
  if (kind && !tma::isReductionLegal(*kind, elem, &legal))
    return op->emitOpError("reduction '")
           << stringifyReductionKind(*kind) << "' is not available for " << elem
           << " elements; it supports " << legal;
  return success();
}

/// The rules of a copy between GMEM and SMEM: the buffer, the window and
/// what it becomes in SMEM, then completion.
static LogicalResult verifyWindowCopy(AsyncCopyLikeOpInterface op) {
  if (op.getRank())
    return op->emitOpError("`remote` needs both sides in SMEM; use `peer` for "
                           "another GPU's GMEM");
  bool load = op.isLoad();
  auto gmemType = cast<MemRefType>(op.getGmem().getType());
  auto smemType = cast<MemRefType>(op.getSmem().getType());
  if (failed(verifySmemBuffer(op, smemType)))
    return failure();
  FailureOr<SmallVector<int64_t>> transformed =
      verifyWindowShape(op, gmemType, smemType);
  if (failed(transformed) ||
      failed(verifySwizzle(op, op.getSwizzleOrZero(), smemType)) ||
      failed(
          verifyNanFill(op, op.getOobOrDefault(), gmemType.getElementType())) ||
      failed(verifyPartitionAxis(op, op.getPartition().value_or(Attribute()),
                                 *transformed)))
    return failure();
  return load ? verifyLoadCompletion(op)
              : verifyStoreCompletion(op, gmemType.getElementType());
}

LogicalResult copy_rules::verifyCopy(AsyncCopyLikeOpInterface op) {
  auto srcType = cast<MemRefType>(op.getSource().getType());
  auto dstType = cast<MemRefType>(op.getDest().getType());
  Attribute partition = op.getPartition().value_or(Attribute());
  if (failed(verifyCopyOperands(op, srcType, dstType)) ||
      failed(verifyCollective(op, op.getCollective(), partition)) ||
      failed(verifyCompletionBarrier(op)) ||
      failed(verifyClusterRank(op, op.getRank())))
    return failure();
  bool srcShared = isSharedMemory(srcType), dstShared = isSharedMemory(dstType);
  if (srcShared && dstShared)
    return verifyRemoteCopy(op);
  if (!srcShared && !dstShared)
    return op->emitOpError("GMEM -> GMEM copies are not supported; one side "
                           "must be in SMEM (#gpu.address_space<workgroup>)");
  return verifyWindowCopy(op);
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

/// `impl` names a mechanism that can perform this kind of copy: what the
/// mechanism ops' verifiers check for the op they are.
static LogicalResult verifyImplChoice(CopyOp op) {
  CopyImpl impl = op.getImplOrDefault();
  bool remote = isSharedMemory(op.getSource().getType()) &&
                isSharedMemory(op.getDest().getType());
  if (remote && impl != CopyImpl::automatic && impl != CopyImpl::dsmem &&
      impl != CopyImpl::sync)
    return op.emitOpError("impl = ")
           << stringifyCopyImpl(impl)
           << " cannot copy SMEM to another CTA; use auto, dsmem or sync";
  if (!remote && impl == CopyImpl::dsmem)
    return op.emitOpError(
        "impl = dsmem needs an SMEM -> SMEM copy with `remote`");
  if (op.isLoad() && !op.getBarrier() &&
      (impl == CopyImpl::tma || impl == CopyImpl::bulk))
    return op.emitOpError("TMA GMEM -> SMEM copies need a barrier: `barrier "
                          "%b[%stage]`");
  // sync is the fallback asynccopy-select-implementation picks when TMA
  // cannot do an `auto` reduction (the CTA reduces with atomics); it is
  // accepted so the selected IR verifies, but users are steered to tma.
  if (op.isStore() && op.getReduction() && impl != CopyImpl::automatic &&
      impl != CopyImpl::tma && impl != CopyImpl::sync)
    return op.emitOpError("reductions need impl = tma (or auto), got ")
           << stringifyCopyImpl(impl);
  return success();
}

LogicalResult CopyOp::verify() {
  if (failed(verifyImplChoice(*this)))
    return failure();
  return copy_rules::verifyCopy(*this);
}

//===----------------------------------------------------------------------===//
// PrefetchOp
//===----------------------------------------------------------------------===//

SmallVector<OpFoldResult> PrefetchOp::getMixedOffsets() {
  return copy_like::toMixedOffsets(getContext(), getStaticOffsets(),
                                   getOffsets());
}

SmallVector<int64_t> PrefetchOp::getWindowSizes() {
  return copy_like::getCopyWindowSizes(getStaticSizes(), getSource());
}

SmallVector<GmemTransformAttrInterface> PrefetchOp::getTransformList() {
  return copy_like::toTransformList(getTransforms());
}

ParseResult copy_like::parsePrefetchClauses(OpAsmParser &parser,
                                            OperationState &result,
                                            std::array<int32_t, 3> &segments) {
  OpAsmParser::UnresolvedOperand source, predicate;
  SmallVector<OpAsmParser::UnresolvedOperand> offsets;
  bool hasPredicate = false;
  if (parser.parseOperand(source))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("window")) &&
      parseWindow(parser, offsets, result))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("predicate"))) {
    hasPredicate = true;
    if (parser.parseOperand(predicate))
      return failure();
  }
  Type sourceType;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(sourceType) ||
      parser.resolveOperand(source, sourceType, result.operands) ||
      parser.resolveOperands(offsets, parser.getBuilder().getIndexType(),
                             result.operands))
    return failure();
  if (hasPredicate &&
      parser.resolveOperand(predicate, parser.getBuilder().getI1Type(),
                            result.operands))
    return failure();
  segments = {1, static_cast<int32_t>(offsets.size()), hasPredicate};
  return success();
}

ParseResult PrefetchOp::parse(OpAsmParser &parser, OperationState &result) {
  return copy_like::parsePrefetchClauses(
      parser, result,
      result.getOrAddProperties<Properties>().operandSegmentSizes);
}

void copy_like::printPrefetchClauses(OpAsmPrinter &p, Operation *op,
                                     Value source, OperandRange offsets,
                                     DenseI64ArrayAttr staticOffsets,
                                     DenseI64ArrayAttr staticSizes,
                                     Value predicate) {
  p << ' ' << source;
  printWindow(p, op, offsets, staticOffsets, staticSizes);
  if (predicate)
    p << " predicate " << predicate;
  p.printOptionalAttrDict(op->getAttrs(), kElidedAttrs);
  p << " : " << source.getType();
}

void PrefetchOp::print(OpAsmPrinter &p) {
  copy_like::printPrefetchClauses(p, *this, getSource(), getOffsets(),
                                  getStaticOffsetsAttr(), getStaticSizesAttr(),
                                  getPredicate());
}

LogicalResult
copy_rules::verifyPrefetch(Operation *op, MemRefType source,
                           std::optional<ArrayRef<int64_t>> staticOffsets,
                           std::optional<ArrayRef<int64_t>> staticSizes,
                           ValueRange offsets,
                           std::optional<ArrayAttr> transforms,
                           std::optional<OOBMode> oob, int64_t swizzle) {
  if (!isGlobalMemory(source))
    return op->emitOpError("prefetches a GMEM tensor, got ") << source;
  if (failed(verifyNonNegativeStrides(op, source, "source")) ||
      failed(verifyWindowAndTransforms(op, source, staticOffsets, staticSizes,
                                       offsets, transforms)) ||
      failed(
          verifyPromisedInBounds(op, oob, source, staticOffsets, staticSizes)))
    return failure();
  return verifySwizzle(op, swizzle, MemRefType());
}

LogicalResult PrefetchOp::verify() {
  return copy_rules::verifyPrefetch(
      *this, getSource().getType(), getStaticOffsets(), getStaticSizes(),
      getOffsets(), getTransforms(), getOob(), getSwizzle().value_or(0));
}

//===----------------------------------------------------------------------===//
// WaitGroupOp
//===----------------------------------------------------------------------===//

LogicalResult WaitGroupOp::verify() {
  if (getPendingAttr().getInt() < 0 ||
      getPendingAttr().getInt() > std::numeric_limits<int32_t>::max())
    return emitOpError("pending group count must be in [0, 2^31), got ")
           << getPendingAttr().getInt();
  if (getRead() && getKind() != GroupKind::bulk)
    return emitOpError("`read` applies only to bulk groups");
  return success();
}

#define GET_OP_CLASSES
//===----------------------------------------------------------------------===//
// WgmmaDescriptorOp
//===----------------------------------------------------------------------===//

LogicalResult WgmmaDescriptorOp::verify() {
  auto type = cast<MemRefType>(getOperand().getType());
  if (!isSharedMemory(type))
    return emitOpError("reads its operand from SMEM: the view must be in "
                       "`#gpu.address_space<workgroup>`");
  if (!isWgmmaElementType(type.getElementType()))
    return emitOpError("has element type ")
           << type.getElementType()
           << ", which wgmma does not read from SMEM (f16, bf16, f32 as "
              "tf32, f8E4M3FN, f8E5M2, 8-bit integers)";
  std::optional<int64_t> swizzle = getSwizzle();
  if (!swizzle)
    return success(); // Checked once the copies that fill it say it.
  if (!tma::isValidSwizzle(*swizzle))
    return emitOpError("swizzle must be 0, 32, 64 or 128 bytes, got ")
           << *swizzle;
  std::string why;
  if (failed(getWgmmaOperandLayout(type, getMajor(), *swizzle, why)))
    return emitOpError("cannot describe this view as a ")
           << stringifyOperandMajor(getMajor()) << "-major wgmma operand with "
           << *swizzle << "-B swizzle: " << why;
  return success();
}

/// The K of one wgmma instruction whose A has type `type` (the register-A
/// forms: 16-bit, tf32, 8-bit types).
static int64_t getWgmmaK(NVVM::WGMMATypes type) {
  switch (type) {
  case NVVM::WGMMATypes::tf32:
    return 8;
  case NVVM::WGMMATypes::f16:
  case NVVM::WGMMATypes::bf16:
    return 16;
  default:
    return 32;
  }
}

/// Whether `d += a * b` is a register-A form of wgmma (the PTX ISA's
/// `wgmma.mma_async` with `a` in registers).
static bool isWgmmaRegisterAForm(NVVM::WGMMATypes d, NVVM::WGMMATypes a,
                                 NVVM::WGMMATypes b) {
  using NVVM::WGMMATypes;
  auto isFp8 = [](WGMMATypes t) {
    return t == WGMMATypes::e4m3 || t == WGMMATypes::e5m2;
  };
  auto isInt8 = [](WGMMATypes t) {
    return t == WGMMATypes::s8 || t == WGMMATypes::u8;
  };
  bool f16OrF32 = d == WGMMATypes::f16 || d == WGMMATypes::f32;
  switch (a) {
  case WGMMATypes::f16:
    return b == a && f16OrF32;
  case WGMMATypes::bf16:
  case WGMMATypes::tf32:
    return b == a && d == WGMMATypes::f32;
  case WGMMATypes::e4m3:
  case WGMMATypes::e5m2:
    return isFp8(b) && f16OrF32;
  case WGMMATypes::s8:
  case WGMMATypes::u8:
    return isInt8(b) && d == WGMMATypes::s32;
  default:
    return false;
  }
}

LogicalResult WgmmaRegisterAOp::verify() {
  using NVVM::WGMMATypes;
  WGMMATypes typeA = getTypeA(), typeB = getTypeB(), typeD = getTypeD();
  if (!isWgmmaRegisterAForm(typeD, typeA, typeB))
    return emitOpError("has no register-A form for ")
           << NVVM::stringifyWGMMATypes(typeD)
           << " += " << NVVM::stringifyWGMMATypes(typeA) << " * "
           << NVVM::stringifyWGMMATypes(typeB)
           << ": the forms are f16/f32 += f16 * f16, f32 += bf16 * bf16, "
              "f32 += tf32 * tf32, f16/f32 += fp8 * fp8 (e4m3, e5m2), "
              "s32 += 8-bit * 8-bit (s8, u8)";
  NVVM::MMAShapeAttr shape = getShape();
  if (shape.getM() != 64)
    return emitOpError("has M = ") << shape.getM() << ": wgmma's M is 64";
  int64_t k = getWgmmaK(typeA);
  if (shape.getK() != k)
    return emitOpError("has K = ")
           << shape.getK() << ", but one wgmma with "
           << NVVM::stringifyWGMMATypes(typeA) << " A consumes K = " << k;
  int64_t n = shape.getN();
  bool int8 = typeD == WGMMATypes::s32;
  if (n < 8 || n > 256 || n % 8 || (int8 && n > 32 && n % 16))
    return emitOpError("has N = ")
           << n << ": N is a multiple of 8 from 8 to 256"
           << (int8 ? ", and of 16 above 32 for 8-bit integers" : "");
  if (getA().size() != 4)
    return emitOpError("takes A as 4 32-bit registers per thread, got ")
           << getA().size();
  if (getLayoutB() == NVVM::MMALayout::row && typeA != WGMMATypes::f16 &&
      typeA != WGMMATypes::bf16)
    return emitOpError("reads B MN-major (<row>), but wgmma transposes only "
                       "f16 and bf16 operands, not ")
           << NVVM::stringifyWGMMATypes(typeB) << "; give B <col>";
  if (int8 && (getScaleA() == NVVM::WGMMAScaleIn::neg ||
               getScaleB() == NVVM::WGMMAScaleIn::neg))
    return emitOpError("negates A or B, which wgmma cannot with an s32 D");
  // N/2 registers of f32 or s32 per thread, N/4 of f16 pairs.
  Type element = typeD == WGMMATypes::f32 ? Type(Float32Type::get(getContext()))
                                          : IntegerType::get(getContext(), 32);
  int64_t registers = typeD == WGMMATypes::f16 ? n / 4 : n / 2;
  auto type = cast<LLVM::LLVMStructType>(getAccumulator().getType());
  if (static_cast<int64_t>(type.getBody().size()) != registers ||
      llvm::any_of(type.getBody(), [&](Type t) { return t != element; }))
    return emitOpError("has accumulator ")
           << type << ", but an m64n" << n << " "
           << NVVM::stringifyWGMMATypes(typeD) << " D is " << registers
           << " registers of " << element << " per thread"
           << (typeD == WGMMATypes::f16 ? " (f16 pairs)" : "");
  return success();
}

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOps.cpp.inc"
