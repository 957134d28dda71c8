//===- ac-opt.cpp - asynccopy optimizer driver ----------------------------===//

#include "asynccopy/InitAll.h"
#include "TestPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::asynccopy::registerAllPasses();
  mlir::asynccopy::test::registerTestPasses();
  mlir::DialectRegistry registry;
  mlir::asynccopy::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "asynccopy optimizer driver\n", registry));
}
