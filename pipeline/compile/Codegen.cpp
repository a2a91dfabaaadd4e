//===- Codegen.cpp - LLVM IR -> objects, offload image embedding ----------===//

#include "pipeline/compile/Codegen.h"
#include "pipeline/compile/OptLevel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Frontend/Offloading/OffloadWrapper.h"
#include "llvm/Frontend/Offloading/Utility.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace ompx::pipeline;
using llvm::StringRef;

std::unique_ptr<llvm::TargetMachine>
ompx::pipeline::makeTargetMachine(StringRef tripleName, StringRef cpu, bool pic,
                                  OptLevel optLevel, std::string &error,
                                  StringRef features) {
  llvm::Triple triple(tripleName);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  llvm::TargetOptions options;
  // .init_array, as clang and flang emit on Linux: lld ignores .ctors.
  options.UseInitArray = true;
  // x86_64: the medium code model, whose data of 64 KiB or more goes to
  // .lbss/.ldata, after everything else, and is reached through 64-bit
  // offsets. With the small one, a program's static arrays of a few GB put
  // the small data linked after them (flang_rt's, the device runtime's)
  // beyond a PC-relative reference ("relocation truncated to fit").
  std::optional<llvm::CodeModel::Model> codeModel;
  if (triple.getArch() == llvm::Triple::x86_64)
    codeModel = llvm::CodeModel::Medium;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, cpu, features, options,
      pic ? std::optional<llvm::Reloc::Model>(llvm::Reloc::PIC_) : std::nullopt,
      codeModel, codeGenOptLevel(optLevel)));
  if (!tm)
    error = "cannot create a target machine for " + tripleName.str();
  else if (codeModel)
    tm->setLargeDataThreshold(65536); // clang's -mlarge-data-threshold
  return tm;
}

void ompx::pipeline::optimize(llvm::Module &module, llvm::TargetMachine &tm,
                              OptLevel optLevel,
                              llvm::PassInstrumentationCallbacks *callbacks) {
  if (optLevel == OptLevel::O0)
    return;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm, llvm::PipelineTuningOptions(), std::nullopt,
                       callbacks);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  pb.buildPerModuleDefaultPipeline(optimizationLevel(optLevel))
      .run(module, mam);
}

bool ompx::pipeline::emitCode(llvm::Module &module, llvm::TargetMachine &tm,
                              llvm::CodeGenFileType type,
                              llvm::SmallVectorImpl<char> &out,
                              std::string &error) {
  llvm::raw_svector_ostream os(out);
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, type)) {
    error = "LLVM cannot emit this file type for " + tm.getTargetTriple().str();
    return false;
  }
  pm.run(module);
  return true;
}

/// Without offload targets nothing registers with libomptarget, so a program
/// that still calls its device memory routines (omp_target_alloc, with the
/// initial device) crashes in them. An empty registration from a
/// constructor sets libomptarget up; the references are weak, so a program
/// that does not call those routines does not load libomptarget at all.
void ompx::pipeline::initializeTargets() {
  static bool initialized = [] {
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
    // Inline assembly (`llvm.inline_asm`, `llvm.module_asm`) is parsed by
    // the target's assembler when the object is emitted.
    llvm::InitializeAllAsmParsers();
    return true;
  }();
  (void)initialized;
}

void ompx::pipeline::addEmptyOffloadRegistration(llvm::Module &m) {
  llvm::LLVMContext &ctx = m.getContext();
  auto *i32 = llvm::Type::getInt32Ty(ctx);
  auto *ptr = llvm::PointerType::get(ctx, 0);
  auto *voidTy = llvm::Type::getVoidTy(ctx);
  // __tgt_bin_desc: NumDeviceImages, DeviceImages, HostEntriesBegin/End.
  auto *descTy = llvm::StructType::get(ctx, {i32, ptr, ptr, ptr});
  auto *desc = new llvm::GlobalVariable(
      m, descTy, /*isConstant=*/false, llvm::GlobalValue::InternalLinkage,
      llvm::Constant::getNullValue(descTy), "__ompx_empty_offload_desc");
  for (bool ctor : {true, false}) {
    StringRef name = ctor ? "__tgt_register_lib" : "__tgt_unregister_lib";
    if (m.getFunction(name))
      continue; // the program registers itself
    llvm::Function *callee =
        llvm::Function::Create(llvm::FunctionType::get(voidTy, {ptr}, false),
                               llvm::GlobalValue::ExternalWeakLinkage, name, m);
    llvm::Function *fn = llvm::Function::Create(
        llvm::FunctionType::get(voidTy, false),
        llvm::GlobalValue::InternalLinkage,
        ctor ? "__ompx_offload_init" : "__ompx_offload_fini", m);
    auto *entry = llvm::BasicBlock::Create(ctx, "entry", fn);
    auto *call = llvm::BasicBlock::Create(ctx, "call", fn);
    auto *done = llvm::BasicBlock::Create(ctx, "done", fn);
    llvm::IRBuilder<> b(entry);
    b.CreateCondBr(b.CreateIsNotNull(callee), call, done);
    b.SetInsertPoint(call);
    b.CreateCall(callee, {desc});
    b.CreateBr(done);
    b.SetInsertPoint(done);
    b.CreateRetVoid();
    if (ctor)
      llvm::appendToGlobalCtors(m, fn, 101);
    else
      llvm::appendToGlobalDtors(m, fn, 101);
  }
}

static llvm::SmallString<0>
offloadBinary(std::unique_ptr<llvm::MemoryBuffer> image, bool cubin,
              StringRef triple, StringRef arch) {
  llvm::object::OffloadBinary::OffloadingImage img;
  img.TheImageKind = cubin ? llvm::object::IMG_Cubin : llvm::object::IMG_Object;
  img.TheOffloadKind = llvm::object::OFK_OpenMP;
  img.StringData["triple"] = triple;
  img.StringData["arch"] = arch;
  img.Image = std::move(image);
  return llvm::object::OffloadBinary::write(img);
}

void ompx::pipeline::embedOffloadImage(
    llvm::Module &host, std::unique_ptr<llvm::MemoryBuffer> image, bool cubin,
    StringRef triple, StringRef arch) {
  llvm::SmallString<0> blob =
      offloadBinary(std::move(image), cubin, triple, arch);
  llvm::embedBufferInModule(
      host, llvm::MemoryBufferRef(blob, "device image"), ".llvm.offloading",
      llvm::Align(llvm::object::OffloadBinary::getAlignment()));
}

void ompx::pipeline::embedHostOnlyConstruct(llvm::Module &host,
                                            StringRef construct) {
  // Kept by the link (not SHF_EXCLUDE): a shared library of such units
  // carries the sections of all of them into the program's link.
  llvm::Constant *text = llvm::ConstantDataArray::getString(
      host.getContext(), construct, /*AddNull=*/false);
  auto *mark = new llvm::GlobalVariable(host, text->getType(), true,
                                        llvm::GlobalValue::PrivateLinkage, text,
                                        "ompx.host_only");
  mark->setSection(kHostOnlySection);
  mark->setAlignment(llvm::Align(1));
  llvm::appendToCompilerUsed(host, {mark});
}

void ompx::pipeline::embedDeviceBitcode(llvm::Module &host,
                                        const llvm::Module &device,
                                        StringRef triple, StringRef arch,
                                        StringRef kernelLocations,
                                        StringRef hostCopies) {
  llvm::SmallString<0> bitcode;
  {
    llvm::raw_svector_ostream os(bitcode);
    llvm::WriteBitcodeToFile(device, os);
  }
  llvm::object::OffloadBinary::OffloadingImage img;
  img.TheImageKind = llvm::object::IMG_Bitcode;
  img.TheOffloadKind = llvm::object::OFK_OpenMP;
  img.StringData["triple"] = triple;
  img.StringData["arch"] = arch;
  img.StringData[kProducerKey] = "ompx";
  img.StringData[kKernelLocationsKey] = kernelLocations;
  if (!hostCopies.empty())
    img.StringData[kHostCopiesKey] = hostCopies;
  img.Image = llvm::MemoryBuffer::getMemBuffer(
      StringRef(bitcode.data(), bitcode.size()), "", false);
  llvm::SmallString<0> blob = llvm::object::OffloadBinary::write(img);
  llvm::embedBufferInModule(
      host, llvm::MemoryBufferRef(blob, "device bitcode"), ".llvm.offloading",
      llvm::Align(llvm::object::OffloadBinary::getAlignment()));
}

/// The functions @llvm.global_ctors runs, in its order.
static llvm::SmallVector<llvm::Function *, 4> globalCtors(llvm::Module &m) {
  llvm::SmallVector<llvm::Function *, 4> ctors;
  if (auto *gv = m.getGlobalVariable("llvm.global_ctors"))
    if (auto *array =
            llvm::dyn_cast_or_null<llvm::ConstantArray>(gv->getInitializer()))
      for (llvm::Value *entry : array->operands())
        if (auto *s = llvm::dyn_cast<llvm::ConstantStruct>(entry))
          if (auto *f = llvm::dyn_cast<llvm::Function>(s->getOperand(1)))
            ctors.push_back(f);
  return ctors;
}

bool ompx::pipeline::registerOffloadImage(
    llvm::Module &host, std::unique_ptr<llvm::MemoryBuffer> image, bool cubin,
    StringRef triple, StringRef arch, StringRef setupFunction,
    std::string &error) {
  std::vector<ImageToRegister> images(1);
  images[0] = {std::move(image), cubin, triple.str(), arch.str()};
  return registerOffloadImages(host, std::move(images), setupFunction, error);
}

bool ompx::pipeline::registerOffloadImages(llvm::Module &host,
                                           std::vector<ImageToRegister> images,
                                           StringRef setupFunction,
                                           std::string &error) {
  llvm::SmallVector<llvm::Function *, 4> before = globalCtors(host);
  llvm::SmallVector<llvm::SmallString<0>, 2> blobs;
  llvm::SmallVector<llvm::ArrayRef<char>, 2> refs;
  for (ImageToRegister &i : images)
    blobs.push_back(
        offloadBinary(std::move(i.image), i.cubin, i.triple, i.arch));
  for (const llvm::SmallString<0> &blob : blobs)
    refs.push_back(llvm::ArrayRef<char>(blob));
  // What clang-linker-wrapper would add at link time: the images, the
  // descriptor over the host's offload entries, and the constructor that
  // registers them with libomptarget.
  if (llvm::Error err = llvm::offloading::wrapOpenMPBinaries(
          host, refs, llvm::offloading::getOffloadEntryArray(host))) {
    error = "cannot register the device image with the host object: " +
            llvm::toString(std::move(err));
    return false;
  }
  if (setupFunction.empty())
    return true;
  for (llvm::Function *ctor : globalCtors(host)) {
    if (llvm::is_contained(before, ctor) || ctor->isDeclaration())
      continue;
    // The set-up first, before libomptarget sees the device.
    llvm::Type *voidTy = llvm::Type::getVoidTy(host.getContext());
    llvm::IRBuilder<> b(&*ctor->getEntryBlock().getFirstInsertionPt());
    b.CreateCall(host.getOrInsertFunction(setupFunction, voidTy));
    return true;
  }
  error = "the device image's registration has no constructor to call " +
          setupFunction.str() + " from";
  return false;
}

bool ompx::pipeline::writeFile(StringRef path, StringRef data,
                               std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write " + path.str() + ": " + ec.message();
    return false;
  }
  os << data;
  return true;
}

std::string ompx::pipeline::joinPath(StringRef dir, StringRef name) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return p.str().str();
}
