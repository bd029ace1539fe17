# Sourced by scripts/debian13.sh and scripts/arm64.sh: bind mounts into a root (undone when the
# script exits), the checkout copied into it, and a command run in it with a clean environment.

chroot_mounts=()
chroot_unmount() {
  for ((i = ${#chroot_mounts[@]} - 1; i >= 0; i--)); do umount "${chroot_mounts[$i]}" 2>/dev/null || umount -l "${chroot_mounts[$i]}"; done
}
trap chroot_unmount EXIT

# chroot_bind SOURCE TARGET: bind-mounts SOURCE on TARGET, unless TARGET is a mount already.
chroot_bind() {
  mkdir -p "$2"
  if ! mountpoint -q "$2"; then mount --bind "$1" "$2"; chroot_mounts+=("$2"); fi
}

# chroot_sync ROOT: the work tree as it is (a clean checkout in CI), without .git and what
# .gitignore leaves out, to ROOT/src. Its build folders stay: debian13.sh's .build and
# arm64.sh's .build-arm64 (both scripts use the same root).
chroot_sync() {
  mkdir -p "$1/src"
  rsync -a --delete --exclude /.git --exclude /.build --exclude /.build-arm64 --filter=':- .gitignore' ./ "$1/src/"
}

# chroot_run ROOT COMMAND: COMMAND by bash in ROOT, with a clean environment.
chroot_run() {
  chroot "$1" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive bash -c "$2"
}
