/*
** Unit tests of sysinfo: the counters move when the process really does
** I/O and touches memory, and the host and storage fingerprints (and their
** JSON) hold what the kernel says.  Linux only (/proc, /sys).
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "sysinfo.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define MIB (1024 * 1024)

static void print_storage(const char *path, const struct storage_info *st)
{
    print_message("storage %s: fstype=%s mount_point=%s device=%s block_device=%s "
                  "model=\"%s\" rotational=%d free=%" PRId64 " total=%" PRId64
                  " options=%s\n",
                  path, st->fstype, st->mount_point, st->device, st->block_device, st->model,
                  st->rotational, st->free_bytes, st->total_bytes, st->mount_options);
}

static void test_io_counts_writes(void **state)
{
    (void)state;
    struct io_counters before, after;
    if (sysinfo_io(&before) != 0) {
        assert_int_equal(before.read_bytes, -1);
        assert_int_equal(before.write_bytes, -1);
        print_message("/proc/self/io unavailable: skipped\n");
        skip();
    }
    assert_true(before.read_bytes >= 0);
    assert_true(before.write_bytes >= 0);

    char path[] = "/var/tmp/test_sysinfo.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    unlink(path);      /* the open descriptor keeps it alive until close */

    char *buf = malloc(MIB);
    assert_non_null(buf);
    memset(buf, 0x5a, MIB);
    size_t done = 0;
    while (done < MIB) {
        ssize_t w = write(fd, buf + done, MIB - done);
        assert_true(w > 0);
        done += (size_t)w;
    }
    assert_int_equal(fsync(fd), 0);
    free(buf);

    assert_int_equal(sysinfo_io(&after), 0);
    assert_true(after.read_bytes >= before.read_bytes);
    assert_true(after.write_bytes >= before.write_bytes);

    struct storage_info st;
    assert_int_equal(sysinfo_storage("/var/tmp", &st), 0);
    print_message("write_bytes grew by %" PRId64 " for %d written on %s\n",
                  after.write_bytes - before.write_bytes, MIB, st.fstype);
    if (strcmp(st.fstype, "tmpfs") != 0)
        assert_true(after.write_bytes - before.write_bytes >= MIB);
    else
        print_message("/var/tmp is tmpfs: growth not asserted\n");
    close(fd);
}

static void test_rss_grows(void **state)
{
    (void)state;
    int64_t before = sysinfo_rss_kib();
    if (before < 0)
        skip();
    assert_true(before > 0);
    const size_t size = (size_t)64 * MIB;
    unsigned char *volatile p = malloc(size);
    assert_non_null(p);
    memset(p, 1, size);
    int64_t after = sysinfo_rss_kib();
    unsigned sum = 0;
    for (size_t i = 0; i < size; i += 4096)
        sum += p[i];
    assert_int_equal(sum, size / 4096);
    free(p);
    print_message("rss %" PRId64 " KiB -> %" PRId64 " KiB\n", before, after);
    assert_true(after - before >= 32 * 1024);
}

/* The host's own mounts, whatever they are (a chroot, a container, a
** tmpfs /tmp): a fresh folder is on some filesystem, its figures agree,
** and a file is on the storage of its folder. */
static void test_storage_of_a_folder_and_its_file(void **state)
{
    (void)state;
    char dirpath[] = "/tmp/test_sysinfo.XXXXXX";
    assert_non_null(mkdtemp(dirpath));
    char real[PATH_MAX];
    assert_non_null(realpath(dirpath, real));
    struct storage_info dir, file;
    assert_int_equal(sysinfo_storage(dirpath, &dir), 0);
    print_storage(dirpath, &dir);
    assert_true(dir.rotational >= -1 && dir.rotational <= 1);
    assert_true(dir.total_bytes > 0);
    assert_true(dir.free_bytes >= 0 && dir.free_bytes <= dir.total_bytes);
    assert_true(sysinfo_free_bytes(dirpath) >= 0);
    /* the mount found, when the mount table shows one, holds the folder */
    if (dir.mount_point[0]) {
        size_t n = strlen(dir.mount_point);
        assert_true(strcmp(dir.mount_point, "/") == 0 ||
                    (strncmp(real, dir.mount_point, n) == 0 && (real[n] == '/' || real[n] == 0)));
        assert_true(dir.fstype[0] != '\0');
    }

    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/file", dirpath);
    int fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    assert_true(fd >= 0);
    int rc = sysinfo_storage(path, &file);
    unlink(path);
    close(fd);
    rmdir(dirpath);
    assert_int_equal(rc, 0);
    assert_string_equal(file.fstype, dir.fstype);
    assert_string_equal(file.mount_point, dir.mount_point);
    assert_string_equal(file.device, dir.device);
    assert_string_equal(file.block_device, dir.block_device);
}

/* A tree whose proc/self/mountinfo is written here: the mounts the test
** checks, on the device of a real folder, whatever the host's are. */
struct mounts {
    char root[PATH_MAX];        /* the tree (SQLSOAK_SYSROOT) */
    char data[PATH_MAX + 16];   /* a real folder inside it */
    unsigned maj, min;          /* its device */
};

static void mounts_make(struct mounts *m, const char *const *lines, size_t n)
{
    snprintf(m->root, sizeof m->root, "/tmp/test_sysinfo_mounts.XXXXXX");
    assert_non_null(mkdtemp(m->root));
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/proc", m->root);
    assert_int_equal(mkdir(p, 0755), 0);
    snprintf(p, sizeof p, "%s/proc/self", m->root);
    assert_int_equal(mkdir(p, 0755), 0);
    snprintf(m->data, sizeof m->data, "%s/data dir", m->root);
    assert_int_equal(mkdir(m->data, 0755), 0);
    struct stat sb;
    assert_int_equal(stat(m->data, &sb), 0);
    m->maj = major(sb.st_dev);
    m->min = minor(sb.st_dev);
    snprintf(p, sizeof p, "%s/proc/self/mountinfo", m->root);
    FILE *f = fopen(p, "we");
    assert_non_null(f);
    char data_escaped[PATH_MAX * 2];
    size_t j = 0;
    for (const char *c = m->data; *c && j + 5 < sizeof data_escaped; c++) {
        if (*c == ' ')
            j += (size_t)snprintf(data_escaped + j, sizeof data_escaped - j, "\\040");
        else
            data_escaped[j++] = *c;
    }
    data_escaped[j] = '\0';
    /* each line's %1$s is the folder's mount point, %2$u:%3$u its device */
    for (size_t i = 0; i < n; i++) {
        fprintf(f, lines[i], data_escaped, m->maj, m->min);
        fputc('\n', f);
    }
    fclose(f);
    setenv("SQLSOAK_SYSROOT", m->root, 1);
}

static int remove_one(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
    (void)sb;
    (void)type;
    (void)ftw;
    return remove(path) == 0 ? 0 : -1;
}

/* Removes the tree, whatever mounts_make and sysfs_make put in it. */
static void mounts_drop(struct mounts *m)
{
    unsetenv("SQLSOAK_SYSROOT");
    nftw(m->root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* A node of a fake /sys under the tree: a file and its text, or a symlink
** and its target (relative, as the kernel's are).  Folders are made on
** the way. */
struct sysnode {
    const char *path;   /* under the tree: "sys/block/mmcblk0" */
    const char *text;   /* a file's contents; NULL for a link */
    const char *link;   /* a link's target; NULL for a file */
};

/* Makes the folders above path that are missing. */
static void mkdirs(char *path)
{
    for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        assert_true(mkdir(path, 0755) == 0 || errno == EEXIST);
        *slash = '/';
    }
}

static void sysfs_make(const char *root, const struct sysnode *nodes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char p[PATH_MAX * 2];
        snprintf(p, sizeof p, "%s/%s", root, nodes[i].path);
        mkdirs(p);
        if (nodes[i].link) {
            assert_int_equal(symlink(nodes[i].link, p), 0);
            continue;
        }
        FILE *f = fopen(p, "we");
        assert_non_null(f);
        fputs(nodes[i].text, f);
        fclose(f);
    }
}

static void test_storage_the_mount_of_its_device(void **state)
{
    (void)state;
    /* "/" on another device; the folder's own mount, its path escaped as
    ** the kernel writes it; a mount of another device inside the folder's
    ** path that must not win over the folder's own device */
    static const char *const lines[] = {
        "21 1 253:99 / / rw,relatime shared:1 - ext4 /dev/vdz1 rw,errors=remount-ro",
        "30 21 %2$u:%3$u / %1$s rw,noatime shared:7 master:1 - xfs /dev/sdz1 rw,attr2",
        "31 30 0:999 / %1$s/inner rw,nosuid - tmpfs tmpfs rw,size=1024k",
    };
    struct mounts m;
    mounts_make(&m, lines, sizeof lines / sizeof lines[0]);
    struct storage_info st;
    int rc = sysinfo_storage(m.data, &st);
    print_storage(m.data, &st);
    char want[sizeof m.data];
    memcpy(want, m.data, sizeof want);
    mounts_drop(&m);
    assert_int_equal(rc, 0);
    assert_string_equal(st.fstype, "xfs");
    assert_string_equal(st.mount_point, want);
    assert_string_equal(st.device, "/dev/sdz1");
    assert_string_equal(st.mount_options, "rw,noatime");
    assert_true(st.total_bytes > 0);
}

static void test_storage_the_longest_mount_when_no_device_matches(void **state)
{
    (void)state;
    /* a bind mount or an overlay: no line has the folder's device; the
    ** longest mount point that holds it is the one */
    static const char *const lines[] = {
        "21 1 253:98 / / rw - ext4 /dev/vdz1 rw",
        "40 21 253:97 / /tmp rw,nodev - ext4 /dev/vdz2 rw",
        "41 21 253:96 / /tmpx rw - ext4 /dev/vdz3 rw",
    };
    struct mounts m;
    mounts_make(&m, lines, sizeof lines / sizeof lines[0]);
    struct storage_info st;
    int rc = sysinfo_storage(m.data, &st);
    mounts_drop(&m);
    assert_int_equal(rc, 0);
    assert_string_equal(st.mount_point, "/tmp");
    assert_string_equal(st.device, "/dev/vdz2");
    assert_string_equal(st.mount_options, "rw,nodev");
}

/* A Raspberry Pi's SD card, its second partition, a device-mapper volume
** and a loop device, as the kernel lays them out: /sys/dev/block/MAJ:MIN
** links to the device's folder under /sys/devices, a partition's folder
** (with its `partition` file) lies inside its disk's, and /sys/block
** lists only whole disks, with the disk's queue/ and device/ (an SD
** card's `name`; a dm or loop device has no device/). */
#define MMC "devices/platform/emmc2bus/fe340000.mmc/mmc_host/mmc0/mmc0:aaaa"
static const struct sysnode pi_sysfs[] = {
    {"sys/" MMC "/name", "SC32G\n", NULL},
    {"sys/" MMC "/type", "SD\n", NULL},
    {"sys/" MMC "/block/mmcblk0/dev", "179:0\n", NULL},
    {"sys/" MMC "/block/mmcblk0/size", "62333952\n", NULL},
    {"sys/" MMC "/block/mmcblk0/queue/rotational", "0\n", NULL},
    {"sys/" MMC "/block/mmcblk0/device", NULL, "../../../mmc0:aaaa"},
    {"sys/" MMC "/block/mmcblk0/mmcblk0p2/dev", "179:2\n", NULL},
    {"sys/" MMC "/block/mmcblk0/mmcblk0p2/partition", "2\n", NULL},
    {"sys/" MMC "/block/mmcblk0/mmcblk0p2/start", "532480\n", NULL},
    {"sys/" MMC "/block/mmcblk0/mmcblk0p2/size", "61801472\n", NULL},
    {"sys/devices/virtual/block/dm-0/dev", "253:0\n", NULL},
    {"sys/devices/virtual/block/dm-0/dm/name", "vg0-data\n", NULL},
    {"sys/devices/virtual/block/dm-0/queue/rotational", "1\n", NULL},
    {"sys/devices/virtual/block/loop0/dev", "7:0\n", NULL},
    {"sys/devices/virtual/block/loop0/loop/backing_file", "/srv/card.img\n", NULL},
    {"sys/devices/virtual/block/loop0/queue/rotational", "0\n", NULL},
    {"sys/block/mmcblk0", NULL, "../" MMC "/block/mmcblk0"},
    {"sys/block/dm-0", NULL, "../devices/virtual/block/dm-0"},
    {"sys/block/loop0", NULL, "../devices/virtual/block/loop0"},
    {"sys/dev/block/179:0", NULL, "../../" MMC "/block/mmcblk0"},
    {"sys/dev/block/179:2", NULL, "../../" MMC "/block/mmcblk0/mmcblk0p2"},
    {"sys/dev/block/253:0", NULL, "../../devices/virtual/block/dm-0"},
    {"sys/dev/block/7:0", NULL, "../../devices/virtual/block/loop0"},
};
#undef MMC

/* The folder mounted from each device: a partition's storage is its whole
** disk, whose model and rotational are reported; a disk, a dm volume or a
** loop device that is no partition is its own. */
static void test_storage_the_whole_disk_of_a_partition(void **state)
{
    (void)state;
    static const struct {
        const char *mount;      /* the folder's mountinfo line */
        const char *disk, *model;
        int rotational;
    } cases[] = {
        {"30 21 179:2 / %1$s rw,noatime - ext4 /dev/mmcblk0p2 rw", "mmcblk0", "SC32G", 0},
        {"30 21 179:0 / %1$s rw,noatime - ext4 /dev/mmcblk0 rw", "mmcblk0", "SC32G", 0},
        {"30 21 253:0 / %1$s rw - xfs /dev/mapper/vg0-data rw", "dm-0", "", 1},
        {"30 21 7:0 / %1$s rw - ext4 /dev/loop0 rw", "loop0", "", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *lines[] = {"21 1 253:99 / / rw - ext4 /dev/vdz1 rw", cases[i].mount};
        struct mounts m;
        mounts_make(&m, lines, 2);
        sysfs_make(m.root, pi_sysfs, sizeof pi_sysfs / sizeof pi_sysfs[0]);
        struct storage_info st;
        int rc = sysinfo_storage(m.data, &st);
        print_storage(m.data, &st);
        mounts_drop(&m);
        assert_int_equal(rc, 0);
        assert_string_equal(st.mount_point, m.data);
        assert_string_equal(st.block_device, cases[i].disk);
        assert_string_equal(st.model, cases[i].model);
        assert_int_equal(st.rotational, cases[i].rotational);
    }
}

static void test_storage_virtual(void **state)
{
    (void)state;
    struct storage_info st;
    if (sysinfo_storage("/proc/self", &st) != 0)
        skip();
    print_storage("/proc/self", &st);
    assert_string_equal(st.fstype, "proc");
    assert_string_equal(st.mount_point, "/proc");
    assert_string_equal(st.block_device, "");
    assert_string_equal(st.model, "");
    assert_int_equal(st.rotational, -1);
}

static void test_storage_missing(void **state)
{
    (void)state;
    struct storage_info st;
    memset(&st, 0x7f, sizeof st);
    assert_int_equal(sysinfo_storage("/nonexistent/sqlsoak/test", &st), -1);
    assert_string_equal(st.fstype, "");
    assert_string_equal(st.mount_point, "");
    assert_string_equal(st.device, "");
    assert_string_equal(st.block_device, "");
    assert_string_equal(st.model, "");
    assert_int_equal(st.rotational, -1);
    assert_int_equal(st.free_bytes, -1);
    assert_int_equal(st.total_bytes, -1);
    assert_int_equal(sysinfo_free_bytes("/nonexistent/sqlsoak/test"), -1);
}

/* Does /proc/cpuinfo have a line that sysinfo_host takes the model from? */
static int cpuinfo_has_model(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return 0;
    char line[512];
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        found = strncmp(line, "model name", 10) == 0 || strncmp(line, "Model", 5) == 0 ||
                strncmp(line, "Hardware", 8) == 0;
    fclose(f);
    return found;
}

static void test_host(void **state)
{
    (void)state;
    struct host_info h;
    sysinfo_host(&h);
    print_message("host: hostname=%s kernel=%s cpu_model=%s cpus=%d ram=%" PRId64 "\n",
                  h.hostname, h.kernel, h.cpu_model, h.cpus, h.ram_bytes);
    assert_true(h.hostname[0] != '\0');
    assert_true(strncmp(h.kernel, "Linux ", 6) == 0);
    if (cpuinfo_has_model())
        assert_true(h.cpu_model[0] != '\0');
    assert_true(h.cpus >= 1);
    assert_true(h.ram_bytes > 0);
}

static void assert_json_string(json_t *o, const char *key, const char *want)
{
    json_t *v = json_object_get(o, key);
    assert_non_null(v);
    assert_true(json_is_string(v));
    assert_string_equal(json_string_value(v), want);
}

static void assert_json_integer(json_t *o, const char *key, int64_t want)
{
    json_t *v = json_object_get(o, key);
    assert_non_null(v);
    assert_true(json_is_integer(v));
    assert_int_equal(json_integer_value(v), want);
}

static void test_storage_json(void **state)
{
    (void)state;
    struct storage_info st;
    assert_int_equal(sysinfo_storage("/", &st), 0);
    json_t *o = sysinfo_storage_json(&st);
    assert_non_null(o);
    assert_true(json_is_object(o));
    assert_int_equal(json_object_size(o), 9);
    assert_json_string(o, "fstype", st.fstype);
    assert_json_string(o, "mount_point", st.mount_point);
    assert_json_string(o, "mount_options", st.mount_options);
    assert_json_string(o, "device", st.device);
    assert_json_string(o, "block_device", st.block_device);
    assert_json_string(o, "model", st.model);
    assert_json_integer(o, "rotational", st.rotational);
    assert_json_integer(o, "free_bytes", st.free_bytes);
    assert_json_integer(o, "total_bytes", st.total_bytes);
    json_decref(o);

    /* an unknown storage still gives every key; bad UTF-8 does not lose it */
    assert_int_equal(sysinfo_storage("/nonexistent", &st), -1);
    strcpy(st.mount_point, "/mnt/\xff\xfe");
    o = sysinfo_storage_json(&st);
    assert_non_null(o);
    assert_json_string(o, "fstype", "");
    assert_json_string(o, "mount_point", "/mnt/??");
    assert_json_integer(o, "rotational", -1);
    assert_json_integer(o, "total_bytes", -1);
    json_decref(o);
}

static void test_host_json(void **state)
{
    (void)state;
    struct host_info h;
    sysinfo_host(&h);
    json_t *o = sysinfo_host_json(&h);
    assert_non_null(o);
    assert_true(json_is_object(o));
    assert_int_equal(json_object_size(o), 5);
    assert_json_string(o, "hostname", h.hostname);
    assert_json_string(o, "kernel", h.kernel);
    assert_json_string(o, "cpu_model", h.cpu_model);
    assert_json_integer(o, "cpus", h.cpus);
    assert_json_integer(o, "ram_bytes", h.ram_bytes);
    json_decref(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_io_counts_writes),
        cmocka_unit_test(test_rss_grows),
        cmocka_unit_test(test_storage_of_a_folder_and_its_file),
        cmocka_unit_test(test_storage_the_mount_of_its_device),
        cmocka_unit_test(test_storage_the_longest_mount_when_no_device_matches),
        cmocka_unit_test(test_storage_the_whole_disk_of_a_partition),
        cmocka_unit_test(test_storage_virtual),
        cmocka_unit_test(test_storage_missing),
        cmocka_unit_test(test_host),
        cmocka_unit_test(test_storage_json),
        cmocka_unit_test(test_host_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
