# Sourced by the GPU-machine scripts (tools/gpu-bench.sh, tools/gpu-dispatch.sh) from the repository root: the
# Debian libraries carried in .carry/gpu-libs.tar.xz (OpenBLAS, CLBlast) on the library path, and NVIDIA's OpenCL
# driver registered (it is installed there but not registered; PoCL stays listed). Does nothing where neither exists.
# Unpacked beside and renamed into place: two scripts starting at once (the dispatch tests under ctest -j) must never
# see a half-unpacked folder; the one that loses the rename drops its copy.
if [ -f .carry/gpu-libs.tar.xz ] && [ ! -d /tmp/kt-libs ]; then
    kt_unpack=$(mktemp -d /tmp/kt-libs.XXXXXX) && tar xJf .carry/gpu-libs.tar.xz -C "$kt_unpack" &&
        mv -T "$kt_unpack" /tmp/kt-libs 2>/dev/null
    rm -rf "$kt_unpack"
fi
[ -d /tmp/kt-libs ] && export LD_LIBRARY_PATH=/tmp/kt-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
if [ -z "${OCL_ICD_VENDORS:-}" ] && [ -e /usr/lib/libnvidia-opencl.so.1 ]; then
    mkdir -p /tmp/icd && echo /usr/lib/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
    [ -d /etc/OpenCL/vendors ] && cp /etc/OpenCL/vendors/*.icd /tmp/icd/ 2>/dev/null
    export OCL_ICD_VENDORS=/tmp/icd
fi
