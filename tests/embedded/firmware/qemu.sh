#!/usr/bin/env bash
# Cargo's runner for the firmware: `qemu.sh FLASH_KIB QEMU_ARGS... ELF`.
# Refuses an image larger than the emulated part's flash, which QEMU would
# load only in part (the rest reads as zeros, and the first call into it
# faults), then runs QEMU with the image as its kernel.
set -euo pipefail
flash_kib=$1
shift
elf=${*: -1}
qemu_args=("${@:1:$#-1}")
# Flash holds the vector table, code, read-only data and the initial values
# of `.data`.
bytes=$(arm-none-eabi-size -A "$elf" | awk '
    $1 == ".vector_table" || $1 == ".text" || $1 == ".rodata" { end = $2 + $3; if (end > top) top = end }
    $1 == ".data" { data = $2 }
    END { print top + data }')
if ((bytes > flash_kib * 1024)); then
    echo "qemu.sh: $elf needs $bytes bytes of flash; the emulated part has $((flash_kib * 1024))" >&2
    exit 1
fi
exec qemu-system-arm "${qemu_args[@]}" -kernel "$elf"
