//===- SymmetricProcess.cpp - The rendezvous of one process per GPU -------===//
//
// acSymmCreateProcess's processes exchange the POSIX fds of their physical
// memory over Unix-domain sockets (SCM_RIGHTS) in a star: PE 0 listens on
// <rendezvousDir>/pe0.sock, every other PE connects (retrying until PE 0 is
// there) and sends a hello with its fd; once all have arrived PE 0 removes
// the socket file and sends every PE all numPes fds. The connections stay
// open for acSymmBarrier (every PE sends PE 0 a byte, PE 0 answers once all
// have arrived) and close at acSymmDestroy. ProcessBackend, the backend of
// the heaps acSymmCreateProcess makes, holds them.
//
//===----------------------------------------------------------------------===//

#include "SymmetricVmm.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

namespace asynccopy::runtime {

namespace {
/// One process per PE: the VMM mappings, each peer's allocation imported
/// through the fd it sent, and the connections of the rendezvous, which the
/// barrier uses.
class ProcessBackend : public VmmBackend {
public:
  ~ProcessBackend() override { closeSockets(); }
  int32_t barrier(acSymmHeap &heap, const char *site) override;
  int32_t release(acSymmHeap &heap, const char *site) override;

  /// Exchanges the local allocation's fd with the other PEs and fills `fds`
  /// (one per PE, owned by the caller). 0 or symmFail's result.
  int32_t exchangeFds(acSymmHeap &heap, const char *rendezvousDir, int localFd,
                      std::vector<int> *fds);
  /// Closes the connections and removes PE 0's socket file.
  void closeSockets();

  /// The connections of the rendezvous (PE 0: one per PE, -1 at its own
  /// index; others: one, to PE 0) and the socket file PE 0 made while it is
  /// still there.
  std::vector<int> sockets;
  std::string socketPath;

private:
  int32_t leaderExchange(acSymmHeap &heap, const std::string &path, int localFd,
                         std::vector<int> *fds);
  int32_t followerExchange(acSymmHeap &heap, const std::string &path,
                           int localFd, std::vector<int> *fds);
};

/// close(fd) for a valid fd.
void closeFd(int fd) {
  if (fd >= 0)
    close(fd);
}

constexpr uint32_t kMagic = 0x41435359; // "ACSY"
constexpr const char *kSite = "acSymmCreateProcess";

/// What a PE sends PE 0 (with its fd).
struct Hello {
  uint32_t magic;
  int32_t pe;
  int32_t numPes;
  int32_t reserved;
  uint64_t size;
};

/// PE 0's answer (with numPes fds, in PE order, when accepted).
struct Answer {
  uint32_t magic;
  int32_t accepted;
  char reason[240];
};

using Clock = std::chrono::steady_clock;

/// The rendezvous timeout: ASYNCCOPY_SYMM_TIMEOUT_S seconds, 60 by default.
int timeoutSeconds() {
  const char *value = std::getenv("ASYNCCOPY_SYMM_TIMEOUT_S");
  int seconds = value ? std::atoi(value) : 0;
  return seconds > 0 ? seconds : 60;
}

int millisecondsLeft(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  deadline - Clock::now())
                  .count();
  return left > 0 ? int(left) : 0;
}

/// mkdir -p.
bool makeDirectories(const std::string &path) {
  for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    std::string prefix = path.substr(0, slash);
    if (!prefix.empty() && mkdir(prefix.c_str(), 0777) != 0 && errno != EEXIST)
      return false;
    if (slash == std::string::npos)
      return true;
  }
}

/// Sends `bytes` bytes and, with them, `numFds` fds.
bool sendMessage(int socket, const void *data, size_t bytes, const int *fds,
                 int numFds) {
  iovec iov = {const_cast<void *>(data), bytes};
  msghdr message = {};
  message.msg_iov = &iov;
  message.msg_iovlen = 1;
  std::vector<char> control(CMSG_SPACE(sizeof(int) * size_t(numFds)));
  if (numFds > 0) {
    message.msg_control = control.data();
    message.msg_controllen = control.size();
    cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int) * size_t(numFds));
    std::memcpy(CMSG_DATA(header), fds, sizeof(int) * size_t(numFds));
  }
  ssize_t sent = sendmsg(socket, &message, MSG_NOSIGNAL);
  if (sent < 0)
    return false;
  // The rest (rare on a Unix stream socket) without fds.
  for (size_t done = size_t(sent); done < bytes;) {
    ssize_t more = send(socket, static_cast<const char *>(data) + done,
                        bytes - done, MSG_NOSIGNAL);
    if (more <= 0)
      return false;
    done += size_t(more);
  }
  return true;
}

/// Receives exactly `bytes` bytes and the fds that come with them (at most
/// `maxFds`, appended to `fds`) within `timeoutMs` (-1: no limit). Fails with
/// a reason: "timed out", "closed" or the errno text.
bool receiveMessage(int socket, void *data, size_t bytes, int maxFds,
                    std::vector<int> *fds, int timeoutMs, std::string *why) {
  auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
  std::vector<char> control(
      CMSG_SPACE(sizeof(int) * size_t(maxFds ? maxFds : 1)));
  for (size_t done = 0; done < bytes;) {
    pollfd ready = {socket, POLLIN, 0};
    int polled =
        poll(&ready, 1, timeoutMs < 0 ? -1 : millisecondsLeft(deadline));
    if (polled < 0 && errno == EINTR)
      continue;
    if (polled <= 0) {
      *why = polled == 0 ? "timed out" : std::strerror(errno);
      return false;
    }
    iovec iov = {static_cast<char *>(data) + done, bytes - done};
    msghdr message = {};
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    message.msg_control = control.data();
    message.msg_controllen = control.size();
    ssize_t received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    if (received < 0 && errno == EINTR)
      continue;
    if (received <= 0) {
      *why = received == 0 ? "closed" : std::strerror(errno);
      return false;
    }
    for (cmsghdr *header = CMSG_FIRSTHDR(&message); header;
         header = CMSG_NXTHDR(&message, header)) {
      if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS)
        continue;
      size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
      const unsigned char *payload = CMSG_DATA(header);
      for (size_t i = 0; i < count; ++i) {
        int fd;
        std::memcpy(&fd, payload + i * sizeof(int), sizeof(int));
        fds->push_back(fd);
      }
    }
    done += size_t(received);
  }
  return true;
}

/// Opens PE 0's listening socket at `path` (replacing a stale file).
int32_t listenOn(const std::string &path, int *listener) {
  sockaddr_un address = {};
  address.sun_family = AF_UNIX;
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  *listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (*listener < 0)
    return symmFail(kSite, "PE 0: socket(AF_UNIX) failed: %s",
                    std::strerror(errno));
  // A file left by an earlier run would make bind fail.
  unlink(path.c_str());
  if (bind(*listener, reinterpret_cast<sockaddr *>(&address),
           sizeof(address)) != 0 ||
      listen(*listener, AC_SYMM_MAX_PES) != 0) {
    int error = errno;
    closeFd(*listener);
    return symmFail(kSite, "PE 0: cannot listen on %s: %s", path.c_str(),
                    std::strerror(error));
  }
  return 0;
}

/// Writes into `rejection` why PE 0 refuses `hello` (nothing if it is one of
/// the expected PEs, carrying one handle, with the same heap size).
void rejectHello(const acSymmHeap &heap, const std::vector<int> &sockets,
                 const Hello &hello, size_t numHandles, Answer *rejection) {
  int numPes = heap.numPes;
  if (hello.magic != kMagic || numHandles != 1)
    std::snprintf(rejection->reason, sizeof(rejection->reason),
                  "not an asynccopy symmetric-heap hello");
  else if (hello.numPes != numPes)
    std::snprintf(rejection->reason, sizeof(rejection->reason),
                  "PE %d says there are %d PEs; PE 0 says %d", hello.pe,
                  hello.numPes, numPes);
  else if (hello.pe < 1 || hello.pe >= numPes || sockets[size_t(hello.pe)] >= 0)
    std::snprintf(rejection->reason, sizeof(rejection->reason),
                  "PE %d is out of range or arrived twice", hello.pe);
  else if (hello.size != heap.size)
    std::snprintf(rejection->reason, sizeof(rejection->reason),
                  "PE %d's heap has %llu bytes per PE; PE 0's has %llu "
                  "(every PE must pass the same bytesPerPe)",
                  hello.pe, (unsigned long long)hello.size,
                  (unsigned long long)heap.size);
}

/// PE 0: accepts every other PE, then hands each all fds.
int32_t ProcessBackend::leaderExchange(acSymmHeap &heap,
                                       const std::string &path, int localFd,
                                       std::vector<int> *fds) {
  int numPes = heap.numPes;
  int listener = -1;
  if (int32_t status = listenOn(path, &listener))
    return status;
  socketPath = path;
  sockets.assign(size_t(numPes), -1);
  fds->assign(size_t(numPes), -1);
  (*fds)[0] = dup(localFd);

  int seconds = timeoutSeconds();
  auto deadline = Clock::now() + std::chrono::seconds(seconds);
  int32_t status = 0;
  for (int arrived = 1; arrived < numPes && status == 0;) {
    pollfd ready = {listener, POLLIN, 0};
    int polled = poll(&ready, 1, millisecondsLeft(deadline));
    if (polled < 0 && errno == EINTR)
      continue;
    if (polled <= 0) {
      std::string missing;
      for (int pe = 1; pe < numPes; ++pe)
        if (sockets[size_t(pe)] < 0)
          missing += (missing.empty() ? "" : ", ") + std::to_string(pe);
      status = symmFail(kSite,
                        "PE 0 waited %d s for PE %s of %d to connect to %s; "
                        "they did not show up (ASYNCCOPY_SYMM_TIMEOUT_S sets "
                        "the wait)",
                        seconds, missing.c_str(), numPes, path.c_str());
      break;
    }
    int connection = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
    if (connection < 0)
      continue;
    Hello hello = {};
    std::vector<int> received;
    std::string why;
    if (!receiveMessage(connection, &hello, sizeof(hello), 1, &received,
                        millisecondsLeft(deadline) + 1000, &why)) {
      // Not one of ours, or it went away: wait for the others.
      closeFd(connection);
      for (int fd : received)
        closeFd(fd);
      continue;
    }
    Answer rejection = {kMagic, 0, {0}};
    rejectHello(heap, sockets, hello, received.size(), &rejection);
    if (rejection.reason[0]) {
      sendMessage(connection, &rejection, sizeof(rejection), nullptr, 0);
      closeFd(connection);
      for (int fd : received)
        closeFd(fd);
      status = symmFail(kSite, "PE 0 rejected a peer: %s", rejection.reason);
      break;
    }
    sockets[size_t(hello.pe)] = connection;
    (*fds)[size_t(hello.pe)] = received[0];
    ++arrived;
  }
  closeFd(listener);
  unlink(path.c_str());
  socketPath.clear();
  if (status)
    return status;

  Answer answer = {kMagic, 1, {0}};
  for (int pe = 1; pe < numPes; ++pe)
    if (!sendMessage(sockets[size_t(pe)], &answer, sizeof(answer), fds->data(),
                     numPes))
      return symmFail(kSite, "PE 0 cannot send the handles to PE %d: %s", pe,
                      std::strerror(errno));
  return 0;
}

/// PE > 0: connects to PE 0, sends its fd and receives everyone's.
int32_t ProcessBackend::followerExchange(acSymmHeap &heap,
                                         const std::string &path, int localFd,
                                         std::vector<int> *fds) {
  int pe = heap.myPe, numPes = heap.numPes;
  sockaddr_un address = {};
  address.sun_family = AF_UNIX;
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  int seconds = timeoutSeconds();
  auto deadline = Clock::now() + std::chrono::seconds(seconds);
  int connection = -1;
  for (;;) {
    connection = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (connection < 0)
      return symmFail(kSite, "PE %d: socket(AF_UNIX) failed: %s", pe,
                      std::strerror(errno));
    if (connect(connection, reinterpret_cast<sockaddr *>(&address),
                sizeof(address)) == 0)
      break;
    int error = errno;
    closeFd(connection);
    if (error != ENOENT && error != ECONNREFUSED && error != EAGAIN)
      return symmFail(kSite, "PE %d cannot connect to %s: %s", pe, path.c_str(),
                      std::strerror(error));
    if (millisecondsLeft(deadline) == 0)
      return symmFail(kSite,
                      "PE %d could not connect to PE 0 at %s within %d s: PE "
                      "0 did not show up (ASYNCCOPY_SYMM_TIMEOUT_S sets the "
                      "wait)",
                      pe, path.c_str(), seconds);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  sockets = {connection};
  Hello hello = {kMagic, pe, numPes, 0, heap.size};
  if (!sendMessage(connection, &hello, sizeof(hello), &localFd, 1))
    return symmFail(kSite, "PE %d cannot send its handle to PE 0: %s", pe,
                    std::strerror(errno));
  // PE 0 answers once everyone has arrived, or gives up after its timeout.
  Answer answer = {};
  std::string why;
  if (!receiveMessage(connection, &answer, sizeof(answer), numPes, fds,
                      (seconds + 10) * 1000, &why))
    return symmFail(kSite,
                    "PE %d got no answer from PE 0 (%s): see PE 0's error "
                    "for the PEs that did not show up",
                    pe, why.c_str());
  if (answer.magic != kMagic || !answer.accepted)
    return symmFail(kSite, "PE 0 rejected PE %d: %s", pe,
                    answer.magic == kMagic ? answer.reason : "bad answer");
  if (fds->size() != size_t(numPes))
    return symmFail(kSite, "PE %d received %zu handles from PE 0, expected %d",
                    pe, fds->size(), numPes);
  return 0;
}

/// Sends or receives the one byte of a barrier step.
bool barrierByte(int socket, bool sending) {
  char byte = 1;
  for (;;) {
    ssize_t n = sending ? send(socket, &byte, 1, MSG_NOSIGNAL)
                        : recv(socket, &byte, 1, 0);
    if (n == 1)
      return true;
    if (n < 0 && errno == EINTR)
      continue;
    return false;
  }
}

int32_t ProcessBackend::exchangeFds(acSymmHeap &heap, const char *rendezvousDir,
                                    int localFd, std::vector<int> *fds) {
  if (heap.numPes == 1) {
    fds->assign(1, -1);
    return 0;
  }
  std::string dir = rendezvousDir;
  if (!makeDirectories(dir))
    return symmFail(kSite, "cannot create the rendezvous directory %s: %s",
                    dir.c_str(), std::strerror(errno));
  std::string path = dir + "/pe0.sock";
  if (path.size() >= sizeof(sockaddr_un::sun_path))
    return symmFail(kSite,
                    "the socket path %s is %zu characters; Unix-domain "
                    "sockets take at most %zu (use a shorter rendezvousDir)",
                    path.c_str(), path.size(),
                    sizeof(sockaddr_un::sun_path) - 1);
  return heap.myPe == 0 ? leaderExchange(heap, path, localFd, fds)
                        : followerExchange(heap, path, localFd, fds);
}

int32_t ProcessBackend::barrier(acSymmHeap &heap, const char *site) {
  if (heap.numPes == 1)
    return 0;
  if (heap.myPe != 0) {
    if (!barrierByte(sockets[0], true) || !barrierByte(sockets[0], false))
      return symmFail(site, "PE %d lost its connection to PE 0 (PE 0 exited?)",
                      heap.myPe);
    return 0;
  }
  for (int pe = 1; pe < heap.numPes; ++pe)
    if (!barrierByte(sockets[size_t(pe)], false))
      return symmFail(site, "PE 0 lost its connection to PE %d (PE %d exited?)",
                      pe, pe);
  for (int pe = 1; pe < heap.numPes; ++pe)
    if (!barrierByte(sockets[size_t(pe)], true))
      return symmFail(site, "PE 0 lost its connection to PE %d (PE %d exited?)",
                      pe, pe);
  return 0;
}

int32_t ProcessBackend::release(acSymmHeap &heap, const char *site) {
  // Collective: no PE unmaps while another may still be inside a barrier.
  int32_t status = barrier(heap, site);
  closeSockets();
  return status | VmmBackend::release(heap, site);
}

void ProcessBackend::closeSockets() {
  for (int socket : sockets)
    closeFd(socket);
  sockets.clear();
  if (!socketPath.empty())
    unlink(socketPath.c_str());
  socketPath.clear();
}
} // namespace

} // namespace asynccopy::runtime

using namespace asynccopy::runtime;
using namespace asynccopy::runtime::cuda;

extern "C" int32_t acSymmCreateProcess(int32_t device, int32_t pe,
                                       int32_t numPes, uint64_t bytesPerPe,
                                       const char *rendezvousDir,
                                       acSymmHeap **heap) {
  const char *site = "acSymmCreateProcess";
  if (int32_t status =
          checkProcessArguments(site, device, pe, numPes, bytesPerPe, heap))
    return status;
  if (!rendezvousDir || !*rendezvousDir)
    return symmFail(site, "rendezvousDir is empty: all PEs must pass the "
                          "same directory");
  const CudaDriver *driver = symmDriver(site);
  if (!driver)
    return 1;

  ProcessBackend *backend = nullptr;
  acSymmHeap *created = newHeap(backend, numPes, pe, {device});
  ProcessBackend &process = *backend;
  if (int32_t status =
          process.mapLocalSlots(*driver, *created, bytesPerPe, site))
    return abandonVmmHeap(driver, created, process, status);
  int localFd = -1;
  if (!AC_SYMM_CU(site, *driver, cuMemExportToShareableHandle,
                  static_cast<void *>(&localFd), process.handles[pe],
                  CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0ull))
    return abandonVmmHeap(driver, created, process, 1);
  std::vector<int> fds;
  int32_t status = process.exchangeFds(*created, rendezvousDir, localFd, &fds);
  closeFd(localFd);
  // Import and map every peer's memory into its slot.
  for (int32_t i = 0; i < numPes && status == 0; ++i) {
    if (i == pe)
      continue;
    CUdeviceptr base = process.reserved + uint64_t(i) * created->size;
    if (!AC_SYMM_CU(site, *driver, cuMemImportFromShareableHandle,
                    &process.handles[i],
                    reinterpret_cast<void *>(intptr_t(fds[i])),
                    CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR) ||
        !AC_SYMM_CU(site, *driver, cuMemMap, base, size_t(created->size),
                    size_t(0), process.handles[i], 0ull)) {
      status = 1;
      break;
    }
    process.mapped[i] = true;
    created->bases[i] = base;
  }
  for (int fd : fds)
    closeFd(fd);
  if (status == 0)
    status = process.setAccess(*driver, *created, site);
  if (status == 0) {
    created->allocator = SymmetricAllocator(created->size);
    status = registerHeap(created, site);
  }
  if (status)
    return abandonVmmHeap(driver, created, process, status);
  *heap = created;
  clearLastError();
  return 0;
}
