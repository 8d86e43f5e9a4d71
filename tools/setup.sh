#!/usr/bin/env bash
# Installs the Debian 12 packages KernelTune needs, only those missing (needs root or sudo for apt-get).
set -euo pipefail
packages=(qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools libqcustomplot-dev opencl-clhpp-headers ocl-icd-opencl-dev
          pocl-opencl-icd clinfo libsqlite3-dev libopenblas-dev libclblast-dev libgtest-dev nlohmann-json3-dev
          xvfb xauth cmake ninja-build g++ pkg-config clang libclang-rt-14-dev lld
          fonts-ipafont-gothic qt6-translations-l10n) # Japanese glyphs; Qt's own qtbase_ja.qm
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
