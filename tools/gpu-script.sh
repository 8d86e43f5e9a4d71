# Sourced first, from the repository root, by the short GPU-machine scripts (tools/gpu-simt-tune.sh,
# gpu-simt-profile.sh, gpu-simt-waves.sh, gpu-batched-single.sh, gpu-batched-neighbours.sh): $out (= $OUT, made),
# the carried libraries and NVIDIA's OpenCL driver (gpu-env.sh), the named points and gpuDevice (gpu-points.sh),
# and $ktune (KT_KTUNE, or the ktune of the carried build from tools/pack-gpu.sh).
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
source tools/gpu-points.sh
ktune=${KT_KTUNE:-.carry/build-gpu/app/cli/ktune}
