/* tests/export: the configuration header of a package without a backend, for compiling the package's dispatch
   (src/ktp_dispatch.cpp) into a unit test. An export writes this file for each package. */
#ifndef KTP_CONFIG_H
#define KTP_CONFIG_H
#define KTP_WITH_OPENCL 0
#define KTP_WITH_CUDA 0
#define KTP_TUNED_DEVICE "Test Device"
#endif
