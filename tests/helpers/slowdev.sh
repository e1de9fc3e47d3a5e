#!/bin/sh
# slowdev: a throttled, card-like block device for the tests: a sparse
# file on a loop device, ext4 on it, mounted under a test's own folder,
# and a block I/O cgroup (v1 blkio.throttle.*, or v2 io.max) that limits
# what processes run in it may do on that device.
#
# Sourced (bats):
#   slowdev_why                    prints why there can be no slow device
#                                  here (no root, no loop device, no
#                                  cgroup I/O control), status 0; status
#                                  1, nothing printed, when there can be
#   slowdev_up DIR                 a sparse file (SLOWDEV_SIZE, 256M) in a
#                                  folder of its own in /dev/shm (else DIR),
#                                  ext4 mounted on DIR/mnt, a cgroup of its
#                                  own; sets SLOWDEV_MNT; state in
#                                  DIR/slowdev.state
#   slowdev_limit DIR WIOPS RIOPS WBPS RBPS
#                                  the cgroup's limits on the device (ops/s,
#                                  bytes/s; 0 = none)
#   slowdev_run DIR CMD...         CMD in the cgroup: a shell moves itself
#                                  into it, then execs CMD
#   slowdev_writes DIR             the write I/Os its processes sent to
#                                  the device so far
#   slowdev_down DIR               unmount, detach, remove the cgroup and
#                                  the file; idempotent, so a teardown may
#                                  call it whatever state the test left
# As a script: slowdev.sh why|up|limit|run|down DIR [ARGS...].
#
# What the throttle governs: the bios a process in the cgroup submits to
# the loop device (the device the filesystem is on; the loop driver's own
# I/O to the backing file is not throttled, nor is it meant to be).  That
# covers O_DIRECT reads and writes, and writeback a process starts itself
# (fdatasync, fsync, sync_file_range): sqlsoak probe's sequential write
# (1 MiB writes sent to the device as it goes, then fdatasync), its
# write + fdatasync and its O_DIRECT random reads.  It does not cover
# writeback by the kernel's flusher threads (with cgroup v1 it is never
# the cgroup's) nor ext4's journal commits, written by the jbd2 thread:
# an fsync that needs a commit costs the cgroup only its data write, and
# ext4's cache flush goes with the commit.

slowdev_why() {
    [ "$(id -u)" -eq 0 ] || { echo "a slow device needs root (loop device, mount, cgroup)"; return 0; }
    command -v losetup >/dev/null || { echo "no losetup (util-linux)"; return 0; }
    command -v mkfs.ext4 >/dev/null || { echo "no mkfs.ext4 (e2fsprogs)"; return 0; }
    [ -e /dev/loop-control ] || modprobe loop 2>/dev/null
    [ -e /dev/loop-control ] || { echo "no loop devices here (/dev/loop-control)"; return 0; }
    [ -n "$(_slowdev_kind)" ] || { echo "no cgroup I/O control here (neither v1 blkio.throttle nor v2 io.max)"; return 0; }
    return 1
}

# v1 or v2, and the parent cgroup folder, as "v1 /sys/fs/cgroup/blkio"
_slowdev_kind() {
    if [ -e /sys/fs/cgroup/blkio/blkio.throttle.write_bps_device ]; then
        echo "v1 /sys/fs/cgroup/blkio"
        return
    fi
    for _sd_root in /sys/fs/cgroup /sys/fs/cgroup/unified; do
        if [ -f "$_sd_root/cgroup.controllers" ] && grep -qw io "$_sd_root/cgroup.controllers"; then
            echo "v2 $_sd_root"
            return
        fi
    done
}

_slowdev_state() { # DIR: sets img, loop, mm, cg, kind, mnt from DIR/slowdev.state
    _sd_imgdir="" _sd_img="" _sd_loop="" _sd_mm="" _sd_cg="" _sd_kind="" _sd_mnt=""
    [ -f "$1/slowdev.state" ] || return 1
    # shellcheck disable=SC1091 # written by slowdev_up
    . "$1/slowdev.state"
}

slowdev_up() {
    _sd_dir=$1 _sd_size=${SLOWDEV_SIZE:-256M}
    # shellcheck disable=SC2046 # split on purpose: the kind and its folder
    set -- $(_slowdev_kind)
    _sd_kind=$1 _sd_root=$2
    # The image in RAM (a folder of its own in /dev/shm) where it can be:
    # the loop driver passes a cache flush on to the backing file, and on
    # the machine's own disk, shared and loaded, that flush would add its
    # own, varying cost to every fdatasync; in RAM the throttle alone sets
    # the pace.  Sparse: it takes only what the test writes.
    : >"$_sd_dir/slowdev.state"
    _sd_imgdir=$_sd_dir
    if [ -d /dev/shm ] && [ -w /dev/shm ]; then
        _sd_imgdir=$(mktemp -d /dev/shm/sqlsoak-slowdev.XXXXXX) || return 1
        echo "_sd_imgdir='$_sd_imgdir'" >>"$_sd_dir/slowdev.state"
    fi
    _sd_img=$_sd_imgdir/slowdev.img _sd_mnt=$_sd_dir/mnt
    _sd_cg=$_sd_root/sqlsoak-slowdev.$$.$(basename "$_sd_dir")
    truncate -s "$_sd_size" "$_sd_img" || return 1
    mkfs.ext4 -q -F -m 0 "$_sd_img" || return 1
    # recorded as it goes, so that a down after a half-made up undoes it
    printf "_sd_img='%s'\n_sd_mnt='%s'\n_sd_kind=%s\n" "$_sd_img" "$_sd_mnt" "$_sd_kind" >>"$_sd_dir/slowdev.state"
    _sd_loop=$(losetup -f --show "$_sd_img") || return 1
    echo "_sd_loop=$_sd_loop" >>"$_sd_dir/slowdev.state"
    _sd_mm=$(printf '%d:%d' "0x$(stat -c %t "$_sd_loop")" "0x$(stat -c %T "$_sd_loop")")
    echo "_sd_mm=$_sd_mm" >>"$_sd_dir/slowdev.state"
    mkdir -p "$_sd_mnt" && mount -t ext4 "$_sd_loop" "$_sd_mnt" || return 1
    if [ "$_sd_kind" = v2 ]; then
        grep -qw io "$_sd_root/cgroup.subtree_control" || echo +io >"$_sd_root/cgroup.subtree_control" || return 1
    fi
    mkdir "$_sd_cg" || return 1
    echo "_sd_cg=$_sd_cg" >>"$_sd_dir/slowdev.state"
    SLOWDEV_MNT=$_sd_mnt
}

slowdev_limit() {
    _slowdev_state "$1" || { echo "slowdev: $1: no slow device" >&2; return 1; }
    if [ "$_sd_kind" = v1 ]; then
        # 0 lifts a v1 limit
        echo "$_sd_mm $2" >"$_sd_cg/blkio.throttle.write_iops_device" &&
        echo "$_sd_mm $3" >"$_sd_cg/blkio.throttle.read_iops_device" &&
        echo "$_sd_mm $4" >"$_sd_cg/blkio.throttle.write_bps_device" &&
        echo "$_sd_mm $5" >"$_sd_cg/blkio.throttle.read_bps_device"
    else
        _slowdev_max() { [ "$1" -gt 0 ] && echo "$1" || echo max; }
        echo "$_sd_mm wiops=$(_slowdev_max "$2") riops=$(_slowdev_max "$3") wbps=$(_slowdev_max "$4") rbps=$(_slowdev_max "$5")" >"$_sd_cg/io.max"
    fi
}

slowdev_run() {
    _slowdev_state "$1" || { echo "slowdev: $1: no slow device" >&2; return 1; }
    shift
    sh -c 'echo $$ >"$1/cgroup.procs" || exit 125; shift; exec "$@"' slowdev "$_sd_cg" "$@"
}

# slowdev_writes DIR: the write I/Os the cgroup's processes sent to the
# device so far, as the throttle counts them (a cache flush is one).
slowdev_writes() {
    _slowdev_state "$1" || { echo "slowdev: $1: no slow device" >&2; return 1; }
    if [ "$_sd_kind" = v1 ]; then
        awk -v d="$_sd_mm" '$1 == d && $2 == "Write" { n = $3 } END { print n + 0 }' \
            "$_sd_cg/blkio.throttle.io_serviced"
    else
        awk -v d="$_sd_mm" '$1 == d { for (i = 2; i <= NF; i++) if ($i ~ /^wios=/) n = substr($i, 6) }
            END { print n + 0 }' "$_sd_cg/io.stat"
    fi
}

slowdev_down() {
    _slowdev_state "$1" || return 0
    _sd_rc=0
    if [ -n "$_sd_mnt" ] && mountpoint -q "$_sd_mnt" 2>/dev/null; then umount "$_sd_mnt" || _sd_rc=1; fi
    [ -n "$_sd_mnt" ] && [ -d "$_sd_mnt" ] && { rmdir "$_sd_mnt" 2>/dev/null || true; }
    # only the loop device still backed by this test's own file
    if [ -n "$_sd_loop" ] && losetup "$_sd_loop" 2>/dev/null | grep -qF "($_sd_img)"; then
        losetup -d "$_sd_loop" || _sd_rc=1
    fi
    if [ -n "$_sd_cg" ] && [ -d "$_sd_cg" ]; then rmdir "$_sd_cg" || _sd_rc=1; fi
    [ "$_sd_rc" -eq 0 ] || return 1
    rm -f "$_sd_img"
    [ "$_sd_imgdir" = "$1" ] || [ -z "$_sd_imgdir" ] || rmdir "$_sd_imgdir" 2>/dev/null || true
    rm -f "$1/slowdev.state"
}

case "${0##*/}" in
    slowdev.sh)
        cmd=${1:-} && shift 2>/dev/null
        case "$cmd" in
            why) slowdev_why ;;
            up) slowdev_up "$@" && echo "$SLOWDEV_MNT" ;;
            limit|run|writes|down) "slowdev_$cmd" "$@" ;;
            *) echo "usage: slowdev.sh why | up DIR | limit DIR WIOPS RIOPS WBPS RBPS | run DIR CMD... | writes DIR | down DIR" >&2; exit 2 ;;
        esac ;;
esac
