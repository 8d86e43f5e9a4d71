// When a launch that may overlap its predecessor (Device::enqueueOverlapping) gets CUDA's programmatic dependent
// launch, as a pure function of what the device knows, so that the decision is tested without a GPU.
#pragma once

namespace kt::devices::cuda {

struct OverlapState {
    bool launchEx = false;   // the driver has cuLaunchKernelEx (drivers of CUDA 12 and newer)
    int ccMajor = 0;         // the device's compute capability (griddepcontrol and the attribute: sm_90 and newer)
    bool previousIsKernel = false; // the last thing this device queued in its stream is a kernel its caller launched
                                   // (not the launch gate's kernel, not an event, not a transfer)
    bool disabled = false;         // KT_CUDA_PDL=0, or an earlier cuLaunchKernelEx refused the attribute
};

// Empty where the launch gets CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION; otherwise why it is launched
// plainly. The predecessor must be the caller's kernel: the attribute lets a kernel start before the previous one in
// the stream has finished, so after the launch gate's spinning kernel it could start before the gate opens (and run
// outside the timed span's events), and after an event or a transfer there is nothing to overlap.
inline const char* plainLaunchReason(const OverlapState& s) {
    if (s.disabled) return "programmatic dependent launch is off for this device";
    if (!s.launchEx) return "the driver has no cuLaunchKernelEx";
    if (s.ccMajor < 9) return "the device is below compute capability 9.0";
    if (!s.previousIsKernel) return "the previous operation in the stream is not one of the caller's kernels";
    return "";
}

inline bool useProgrammaticLaunch(const OverlapState& s) { return *plainLaunchReason(s) == '\0'; }

} // namespace kt::devices::cuda
