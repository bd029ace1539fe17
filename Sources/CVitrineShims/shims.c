// accept4 and struct ucred are GNU extensions.
#define _GNU_SOURCE
#include "CVitrineShims.h"

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>

// Layouts Swift code reads field by field must match the kernel's.
_Static_assert(sizeof(struct fb_var_screeninfo) == 160, "fb_var_screeninfo layout changed");
_Static_assert(sizeof(struct vt_mode) == 8, "vt_mode layout changed");

int CVitrineShims_ioctlPointer(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}

int CVitrineShims_ioctlValue(int fd, unsigned long request, unsigned long argument) {
    return ioctl(fd, request, argument);
}

// fourcc_code(a, b, c, d) from <drm_fourcc.h>, spelled out so this target needs no libdrm include path.
#define VITRINE_FOURCC(a, b, c, d) \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

uint32_t CVitrineShims_drmFormatXRGB8888(void) { return VITRINE_FOURCC('X', 'R', '2', '4'); }
uint32_t CVitrineShims_drmFormatARGB8888(void) { return VITRINE_FOURCC('A', 'R', '2', '4'); }

unsigned long CVitrineShims_FBIO_WAITFORVSYNC(void) { return FBIO_WAITFORVSYNC; }

unsigned long CVitrineShims_EVIOCGBIT(unsigned int type, unsigned int length) { return EVIOCGBIT(type, length); }
unsigned long CVitrineShims_EVIOCGSW(unsigned int length) { return EVIOCGSW(length); }
unsigned long CVitrineShims_EVIOCGNAME(unsigned int length) { return EVIOCGNAME(length); }

unsigned long CVitrineShims_UI_SET_EVBIT(void) { return UI_SET_EVBIT; }
unsigned long CVitrineShims_UI_SET_SWBIT(void) { return UI_SET_SWBIT; }
unsigned long CVitrineShims_UI_DEV_SETUP(void) { return UI_DEV_SETUP; }
unsigned long CVitrineShims_UI_DEV_CREATE(void) { return UI_DEV_CREATE; }
unsigned long CVitrineShims_UI_DEV_DESTROY(void) { return UI_DEV_DESTROY; }

int CVitrineShims_errno(void) { return errno; }

size_t CVitrineShims_sockaddrUnPathOffset(void) { return offsetof(struct sockaddr_un, sun_path); }

int CVitrineShims_setMmapThreshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

int CVitrineShims_acceptNonBlocking(int fd) {
    return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int CVitrineShims_peerCredentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *pid = credentials.pid;
    *uid = credentials.uid;
    *gid = credentials.gid;
    return 0;
}

#if defined(__x86_64__) && defined(__has_builtin) && __has_builtin(__builtin_nontemporal_store)
// 32-byte streaming stores where the CPU has AVX2 (every x86-64 CPU since 2013): half the
// instructions of 16-byte ones, four to a loop turn. Chosen at run time; the binary stays x86-64.
__attribute__((target("avx2"))) static void streamCopy32AVX2(uint32_t *destination, const uint32_t *source, size_t count) {
    typedef uint32_t octet __attribute__((vector_size(32), aligned(4)));
    typedef uint32_t alignedOctet __attribute__((vector_size(32)));
    while (count > 0 && ((uintptr_t)destination & 31) != 0) {
        *destination++ = *source++;
        count--;
    }
    size_t octets = count / 8;
    size_t i = 0;
    for (; i + 4 <= octets; i += 4) {
        octet a = ((const octet *)source)[i], b = ((const octet *)source)[i + 1];
        octet c = ((const octet *)source)[i + 2], d = ((const octet *)source)[i + 3];
        __builtin_nontemporal_store((alignedOctet)a, (alignedOctet *)destination + i);
        __builtin_nontemporal_store((alignedOctet)b, (alignedOctet *)destination + i + 1);
        __builtin_nontemporal_store((alignedOctet)c, (alignedOctet *)destination + i + 2);
        __builtin_nontemporal_store((alignedOctet)d, (alignedOctet *)destination + i + 3);
    }
    for (; i < octets; i++) __builtin_nontemporal_store((alignedOctet)((const octet *)source)[i], (alignedOctet *)destination + i);
    for (size_t j = octets * 8; j < count; j++) destination[j] = source[j];
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
#endif

void CVitrineShims_streamCopy32(uint32_t *destination, const uint32_t *source, size_t count) {
#if defined(__has_builtin) && __has_builtin(__builtin_nontemporal_store)
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) {
        streamCopy32AVX2(destination, source, count);
        return;
    }
#endif
    typedef uint32_t quad __attribute__((vector_size(16), aligned(4)));
    typedef uint32_t alignedQuad __attribute__((vector_size(16)));
    // Scalar stores up to a 16-byte boundary of the destination, streaming quads (four to a loop
    // turn: the loop's own instructions were a third of the copy's), scalar tail.
    while (count > 0 && ((uintptr_t)destination & 15) != 0) {
        *destination++ = *source++;
        count--;
    }
    size_t quads = count / 4;
    size_t i = 0;
    for (; i + 4 <= quads; i += 4) {
        quad a = ((const quad *)source)[i], b = ((const quad *)source)[i + 1];
        quad c = ((const quad *)source)[i + 2], d = ((const quad *)source)[i + 3];
        __builtin_nontemporal_store((alignedQuad)a, (alignedQuad *)destination + i);
        __builtin_nontemporal_store((alignedQuad)b, (alignedQuad *)destination + i + 1);
        __builtin_nontemporal_store((alignedQuad)c, (alignedQuad *)destination + i + 2);
        __builtin_nontemporal_store((alignedQuad)d, (alignedQuad *)destination + i + 3);
    }
    for (; i < quads; i++) __builtin_nontemporal_store((alignedQuad)((const quad *)source)[i], (alignedQuad *)destination + i);
    for (size_t j = quads * 4; j < count; j++) destination[j] = source[j];
    // Streaming stores are weakly ordered: make them visible before the flip that shows them.
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#else
    memcpy(destination, source, count * sizeof(uint32_t));
#endif
}
