// Chooses the vendor GEMM peer by the device's backend.
#include "devices/vendor/peer.hpp"

namespace kt::devices::vendor {

std::unique_ptr<GemmPeer> makeClblastPeer(Device& device, std::string* why);
std::unique_ptr<GemmPeer> makeCublasPeer(Device& device, const PeerOptions& options, std::string* why);
std::unique_ptr<TransposePeer> makeClblastTransposePeer(Device& device, std::string* why);
std::unique_ptr<TransposePeer> makeCublasTransposePeer(Device& device, std::string* why);

std::unique_ptr<GemmPeer> makeGemmPeer(Device& device, const PeerOptions& options, std::string* why) {
    switch (device.info().backend) {
    case BackendKind::OpenCL: return makeClblastPeer(device, why);
    case BackendKind::Cuda: return makeCublasPeer(device, options, why);
    case BackendKind::Simulated: break;
    }
    if (why) *why = "no vendor library for " + toString(device.info().backend) + " devices";
    return nullptr;
}

std::unique_ptr<TransposePeer> makeTransposePeer(Device& device, std::string* why) {
    switch (device.info().backend) {
    case BackendKind::OpenCL: return makeClblastTransposePeer(device, why);
    case BackendKind::Cuda: return makeCublasTransposePeer(device, why);
    case BackendKind::Simulated: break;
    }
    if (why) *why = "no vendor library for " + toString(device.info().backend) + " devices";
    return nullptr;
}

} // namespace kt::devices::vendor
