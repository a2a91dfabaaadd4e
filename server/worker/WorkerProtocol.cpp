//===- WorkerProtocol.cpp - What the server and a worker exchange ---------===//

#include "server/worker/WorkerProtocol.h"
#include "support/Subprocess.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/uio.h>

using namespace ompx;
using llvm::StringRef;

llvm::json::Value ompx::toJSON(const AnalyzerOptions &o) {
  llvm::json::Array blanked;
  for (const TextRange &r : o.preBlanked)
    blanked.push_back(llvm::json::Array{r.begin, r.end});
  llvm::json::Array disabled;
  for (const std::string &name : o.disabledChecks)
    disabled.push_back(name);
  return llvm::json::Object{{"depthLimit", o.depthLimit},
                            {"mapping", o.mappingChecks},
                            {"disabled", std::move(disabled)},
                            {"explainMaps", o.explainMaps},
                            {"maxParseErrors", o.maxParseErrors},
                            {"verify", o.verify},
                            {"verifyAfterRecovery", o.verifyAfterRecovery},
                            {"locate", o.locateVerifierCrash},
                            {"lowering", o.lowering},
                            {"facts", o.facts},
                            {"parallelParseMinBytes", o.parallelParseMinBytes},
                            {"blanked", std::move(blanked)}};
}

bool ompx::fromJSON(const llvm::json::Value &v, AnalyzerOptions &o) {
  const llvm::json::Object *obj = v.getAsObject();
  if (!obj)
    return false;
  o.depthLimit = obj->getInteger("depthLimit").value_or(o.depthLimit);
  o.maxParseErrors =
      obj->getInteger("maxParseErrors").value_or(o.maxParseErrors);
  o.verify = obj->getBoolean("verify").value_or(o.verify);
  o.verifyAfterRecovery =
      obj->getBoolean("verifyAfterRecovery").value_or(o.verifyAfterRecovery);
  o.locateVerifierCrash = obj->getBoolean("locate").value_or(false);
  o.mappingChecks = obj->getBoolean("mapping").value_or(o.mappingChecks);
  o.explainMaps = obj->getBoolean("explainMaps").value_or(false);
  o.parallelParseMinBytes = uint32_t(obj->getInteger("parallelParseMinBytes")
                                         .value_or(o.parallelParseMinBytes));
  if (const llvm::json::Array *disabled = obj->getArray("disabled"))
    for (const llvm::json::Value &name : *disabled)
      if (std::optional<llvm::StringRef> s = name.getAsString())
        o.disabledChecks.push_back(s->str());
  o.lowering = obj->getBoolean("lowering").value_or(false);
  o.facts = obj->getBoolean("facts").value_or(true);
  if (const llvm::json::Array *blanked = obj->getArray("blanked"))
    for (const llvm::json::Value &r : *blanked)
      if (const llvm::json::Array *pair = r.getAsArray();
          pair && pair->size() == 2)
        o.preBlanked.push_back(
            {uint32_t((*pair)[0].getAsInteger().value_or(0)),
             uint32_t((*pair)[1].getAsInteger().value_or(0))});
  return true;
}

std::string WorkerRequest::encode() const {
  llvm::json::Array list;
  for (const Chunk &c : chunks) {
    llvm::json::Array item{c.idx, c.span.begin, c.span.end};
    if (c.options)
      item.push_back(toJSON(*c.options));
    list.push_back(std::move(item));
  }
  std::string header;
  llvm::raw_string_ostream(header) << llvm::json::Value(
      llvm::json::Object{{"docSize", int64_t(docSize)},
                         {"docFd", docFd},
                         {"stackBytes", int64_t(stackBytes)},
                         {"early", early},
                         {"options", toJSON(defaults)},
                         {"chunks", std::move(list)}});
  std::string request;
  appendU32(request, uint32_t(header.size()));
  request += header;
  return request;
}

bool WorkerRequest::decode(StringRef header, WorkerRequest &out,
                           std::string &error) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(header);
  if (!parsed) {
    error = llvm::toString(parsed.takeError());
    return false;
  }
  const llvm::json::Object *req = parsed->getAsObject();
  if (!req) {
    error = "not an object";
    return false;
  }
  out.docSize = size_t(req->getInteger("docSize").value_or(0));
  out.docFd = req->getBoolean("docFd").value_or(false);
  out.stackBytes = req->getInteger("stackBytes").value_or(1u << 30);
  out.early = req->getBoolean("early").value_or(false);
  if (const llvm::json::Value *o = req->get("options"))
    fromJSON(*o, out.defaults);
  // [index, begin, end, options?] for each chunk to analyze, in order.
  if (const llvm::json::Array *chunks = req->getArray("chunks"))
    for (const llvm::json::Value &c : *chunks) {
      const llvm::json::Array *a = c.getAsArray();
      if (!a || a->size() < 3)
        continue;
      Chunk chunk{unsigned((*a)[0].getAsInteger().value_or(0)),
                  {uint32_t((*a)[1].getAsInteger().value_or(0)),
                   uint32_t((*a)[2].getAsInteger().value_or(0))},
                  std::nullopt};
      if (a->size() > 3) {
        chunk.options.emplace();
        fromJSON((*a)[3], *chunk.options);
      }
      out.chunks.push_back(std::move(chunk));
    }
  return true;
}

void ompx::appendU32(std::string &out, uint32_t v) {
  out.append(reinterpret_cast<const char *>(&v), 4);
}

std::string ompx::frameHeader(uint32_t idx, uint32_t size) {
  std::string header;
  appendU32(header, idx);
  appendU32(header, size);
  return header;
}

bool ompx::writeFrame(int fd, uint32_t idx, StringRef payload) {
  // The header apart: a large chunk's frame is tens of megabytes, and a
  // copy of it would be the worker's peak.
  return writeAll(fd, frameHeader(idx, uint32_t(payload.size()))) &&
         writeAll(fd, payload);
}

void FrameReader::take(StringRef data,
                       llvm::function_ref<void(uint32_t, StringRef)> onFrame) {
  buffer.append(data.data(), data.size());
  size_t consumed = 0;
  while (buffer.size() - consumed >= 8) {
    uint32_t header[2];
    memcpy(header, buffer.data() + consumed, 8);
    if (buffer.size() - consumed - 8 < header[1])
      break;
    onFrame(header[0], StringRef(buffer.data() + consumed + 8, header[1]));
    consumed += 8 + header[1];
  }
  buffer.erase(0, consumed);
  if (buffer.empty()) {
    // The warm worker's process lives on: do not keep the largest
    // frame's bytes (a 1M-op chunk: over 100 MB) allocated with it.
    if (buffer.capacity() > (1u << 20))
      std::string().swap(buffer);
  } else if (buffer.size() >= 8) {
    // A large frame arrives in pipe-sized pieces: room for all of it
    // at once, rather than growing (and copying) it by doubling.
    uint32_t size;
    memcpy(&size, buffer.data() + 4, 4);
    buffer.reserve(8 + std::min<size_t>(size, 1u << 30));
  }
}

namespace {
/// One byte of data and room for one descriptor: what sendFd and receiveFd
/// exchange.
struct FdMessage {
  char byte = 'T';
  iovec iov{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr msg{};
  FdMessage() {
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof(control);
  }
  FdMessage(const FdMessage &) = delete;
  FdMessage &operator=(const FdMessage &) = delete;
};
} // namespace

bool ompx::sendFd(int sock, int fd) {
  FdMessage m;
  cmsghdr *c = CMSG_FIRSTHDR(&m.msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(c), &fd, sizeof(int));
  ssize_t n;
  do
    n = sendmsg(sock, &m.msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n == 1;
}

int ompx::receiveFd(int sock) {
  FdMessage m;
  ssize_t n;
  do
    n = recvmsg(sock, &m.msg, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  cmsghdr *c = n == 1 ? CMSG_FIRSTHDR(&m.msg) : nullptr;
  if (!c || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS ||
      c->cmsg_len != CMSG_LEN(sizeof(int)))
    return -1;
  int fd;
  memcpy(&fd, CMSG_DATA(c), sizeof(int));
  return fd;
}
