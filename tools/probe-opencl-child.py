import ctypes, subprocess, sys, os
cl = ctypes.CDLL("libOpenCL.so.1")
n = ctypes.c_uint()
cl.clGetPlatformIDs(0, None, ctypes.byref(n))
print("python parent sees", n.value, "platforms", flush=True)
p = subprocess.run([sys.argv[1], "worker"], input=b'{"op":"open","device":"opencl:nvidia","family":"transpose"}\n{"op":"quit"}\n', capture_output=True)
print("child after parent enumerated:", p.stdout.decode()[:300])
