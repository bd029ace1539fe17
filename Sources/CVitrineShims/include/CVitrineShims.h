// CVitrineShims: the few things Swift cannot import from C by itself.
//
// Why this target exists: ioctl request numbers are built by function-like macros (_IOW, _IOR),
// which Swift's Clang importer skips, and ioctl() itself is variadic, which Swift cannot call.
// Everything here is a thin, prefixed wrapper; there is no logic. Headers Swift *can* import
// (epoll, timerfd, signalfd, eventfd) are included so Swift modules see them through one place.
#ifndef CVITRINE_SHIMS_H
#define CVITRINE_SHIMS_H

#include <stdint.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/mman.h>
#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <linux/input.h>
#include <linux/uinput.h>

/// ioctl(fd, request, pointer); returns the raw result (errno is left set on failure).
int CVitrineShims_ioctlPointer(int fd, unsigned long request, void *argument);
/// ioctl(fd, request, integer); for requests that take their argument by value (KDSETMODE).
int CVitrineShims_ioctlValue(int fd, unsigned long request, unsigned long argument);

/// mallopt(M_MMAP_THRESHOLD, bytes): <malloc.h> is not part of Swift's Glibc module.
int CVitrineShims_setMmapThreshold(int bytes);

/// DRM_FORMAT_XRGB8888 from <drm_fourcc.h> (fourcc_code is a function-like macro).
uint32_t CVitrineShims_drmFormatXRGB8888(void);
/// DRM_FORMAT_ARGB8888 from <drm_fourcc.h>.
uint32_t CVitrineShims_drmFormatARGB8888(void);

/// FBIO_WAITFORVSYNC (_IOW('F', 0x20, __u32)).
unsigned long CVitrineShims_FBIO_WAITFORVSYNC(void);

/// EVIOCGBIT(type, length): the event codes of `type` an evdev device reports, as a bitmask of
/// `length` bytes (EV_SW: its switches, SW_HEADPHONE_INSERT among them on a jack input device).
unsigned long CVitrineShims_EVIOCGBIT(unsigned int type, unsigned int length);
/// EVIOCGSW(length): the current state of an evdev device's switches, a bitmask of `length` bytes.
unsigned long CVitrineShims_EVIOCGSW(unsigned int length);
/// EVIOCGNAME(length): an evdev device's name, NUL-terminated in `length` bytes.
unsigned long CVitrineShims_EVIOCGNAME(unsigned int length);

/// uinput's requests (<linux/uinput.h>), for tests that make a jack input device of their own:
/// UI_SET_EVBIT, UI_SET_SWBIT, UI_DEV_SETUP, UI_DEV_CREATE, UI_DEV_DESTROY.
unsigned long CVitrineShims_UI_SET_EVBIT(void);
unsigned long CVitrineShims_UI_SET_SWBIT(void);
unsigned long CVitrineShims_UI_DEV_SETUP(void);
unsigned long CVitrineShims_UI_DEV_CREATE(void);
unsigned long CVitrineShims_UI_DEV_DESTROY(void);

/// The errno of the calling thread, read in C so no Swift runtime call can clobber it first.
int CVitrineShims_errno(void);

/// Layout of a sockaddr_un's path field, for the sd_notify address length rule.
size_t CVitrineShims_sockaddrUnPathOffset(void);

/// accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC): accept4 is a GNU extension Swift's
/// Glibc module does not declare. Returns the new fd, or -1 with errno set.
int CVitrineShims_acceptNonBlocking(int fd);

/// getsockopt(fd, SOL_SOCKET, SO_PEERCRED): the connected peer's pid, uid and gid (struct ucred is
/// behind _GNU_SOURCE). Returns 0, or -1 with errno set.
int CVitrineShims_peerCredentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid);

/// Copies `count` pixels with non-temporal (streaming) stores and fences them: Swift has no way
/// to emit `movntdq` (x86-64) or `stnp` (AArch64). For scanout buffers, which the CPU writes and
/// never reads back: a plain store first reads each destination line into the cache (at 4K,
/// 33 MB of reads a full frame, and the frame's own lines evicted for them). On write-combined
/// dumb buffers plain stores stream anyway; this is the same there.
void CVitrineShims_streamCopy32(uint32_t *destination, const uint32_t *source, size_t count);

#endif
