//===- MemRefDescriptor.h - MLIR ranked memref descriptors ------*- C++ -*-===//
//
// The runtime reads memrefs that MLIR's host code passes by pointer (host
// registration, tensor maps) without MLIR's headers: a ranked descriptor is
// {allocated, aligned, offset, sizes[rank], strides[rank]}, outermost dim
// first, sizes/strides/offset in elements. Private to lib/Runtime.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_RUNTIME_MEMREFDESCRIPTOR_H
#define ASYNCCOPY_LIB_RUNTIME_MEMREFDESCRIPTOR_H

#include <cstdint>

namespace asynccopy::runtime {

/// A view of a ranked memref descriptor of rank `rank` at `descriptor`.
class MemRefView {
public:
  MemRefView(void *descriptor, int64_t rank)
      : header(static_cast<const Header *>(descriptor)), rank(rank) {}

  /// The address of element (0, ..., 0): aligned + offset elements.
  char *base(int64_t elementBytes) const {
    return header->aligned + header->offset * elementBytes;
  }
  const int64_t *sizes() const {
    return reinterpret_cast<const int64_t *>(header + 1);
  }
  const int64_t *strides() const { return sizes() + rank; }

private:
  struct Header {
    char *allocated;
    char *aligned;
    int64_t offset;
  };
  const Header *header;
  int64_t rank;
};

} // namespace asynccopy::runtime

#endif // ASYNCCOPY_LIB_RUNTIME_MEMREFDESCRIPTOR_H
