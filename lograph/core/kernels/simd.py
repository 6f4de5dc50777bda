"""Butterflies on whole vector registers, written as numba intrinsics.

numba turns a butterfly loop over two slices into vector instructions, but not a loop over
four or eight slices (it cannot rule out that so many overlap), so each stage of a
Walsh–Hadamard transform cost a pass over memory: a load and a store of every value. These
intrinsics emit the vector code themselves: ``2^r`` registers (32 bytes each: 16 int16 or 8
int32 lanes) at distance h are loaded, put through r stages in registers and stored, so r
stages cost one pass. On a leaf of 2^18 int16 values three stages per pass made the stages
2–4 times faster than one (measured in `benchmarks/frontier.py`, rows 7–7c).

The code is plain LLVM vector arithmetic (add, sub, signed compare and select): on a machine
without 256-bit registers the compiler splits each register in two, the answers stay the
same. This module imports numba at once; only compiled kernels import it.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import types
from numba.extending import intrinsic

__all__ = [
    "REGISTER_BYTES",
    "ROW",
    "add_row",
    "lane_stages",
    "radix2",
    "radix4",
    "radix8",
    "radix_copy8",
    "radix_max",
    "set_row",
]

#: Bytes in one vector register the intrinsics work on.
REGISTER_BYTES = 32
#: Values added by one `add_row`: a row of the 64 × 64 Hadamard matrix.
ROW = 64


def _registers(
    context: Any,
    builder: Any,
    array_type: Any,
    array: Any,
    offsets: list[Any],
    lanes: int | None = None,
) -> list[Any]:
    """Pointers to `lanes` values of `array` (default: one register's worth) starting at
    each offset (in elements)."""
    data = context.make_array(array_type)(context, builder, array).data
    element = context.get_data_type(array_type.dtype)
    lanes = lanes or REGISTER_BYTES * 8 // element.width
    pointer = ir.VectorType(element, lanes).as_pointer()
    return [builder.bitcast(builder.gep(data, [offset]), pointer) for offset in offsets]


def _offsets(builder: Any, start: Any, step: Any, count: int) -> list[Any]:
    offsets = [start]
    for _ in range(count - 1):
        offsets.append(builder.add(offsets[-1], step))
    return offsets


def _butterfly_tree(builder: Any, values: list[Any]) -> list[Any]:
    """The ``log2(len(values))`` stages of a transform over registers at distance h, 2h, …"""
    values = list(values)
    width = 1
    while width < len(values):
        for base in range(0, len(values), 2 * width):
            for i in range(base, base + width):
                x, y = values[i], values[i + width]
                values[i], values[i + width] = builder.add(x, y), builder.sub(x, y)
        width *= 2
    return values


def _element_bytes(array_type: Any) -> int:
    return int(array_type.dtype.bitwidth) // 8


def _check(array_type: Any) -> None:
    if not isinstance(array_type, types.Array) or not isinstance(array_type.dtype, types.Integer):
        raise TypeError("vector butterflies need an integer array")
    if array_type.layout != "C":
        raise TypeError("vector butterflies need a contiguous array")


def _radix(stages: int) -> Any:
    registers = 1 << stages

    @intrinsic
    def radix(typingctx: Any, a: Any, start: Any, h: Any) -> Any:
        _check(a)
        signature = types.void(a, types.intp, types.intp)

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            array, start_, h_ = args
            pointers = _registers(
                context, builder, sig.args[0], array, _offsets(builder, start_, h_, registers)
            )
            loaded = [builder.load(p, align=_element_bytes(sig.args[0])) for p in pointers]
            for pointer, value in zip(pointers, _butterfly_tree(builder, loaded), strict=True):
                builder.store(value, pointer, align=_element_bytes(sig.args[0]))
            return context.get_dummy_value()

        return signature, codegen

    return radix


def _radix_copy(stages: int) -> Any:
    registers = 1 << stages

    @intrinsic
    def radix_copy(typingctx: Any, source: Any, start: Any, target: Any, to: Any, h: Any) -> Any:
        _check(source)
        _check(target)
        if _element_bytes(target) < _element_bytes(source):
            raise TypeError("the target's values must be at least as wide as the source's")
        signature = types.void(source, types.intp, target, types.intp, types.intp)

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            src, start_, dst, to_, h_ = args
            align = _element_bytes(sig.args[0])
            lanes = REGISTER_BYTES // align
            wider = context.get_data_type(sig.args[2].dtype)
            read = _registers(
                context, builder, sig.args[0], src, _offsets(builder, start_, h_, registers)
            )
            write = _registers(
                context, builder, sig.args[2], dst, _offsets(builder, to_, h_, registers), lanes
            )
            loaded = [builder.load(p, align=align) for p in read]
            for pointer, value in zip(write, _butterfly_tree(builder, loaded), strict=True):
                if _element_bytes(sig.args[2]) > align:  # sign-extended: a register each half
                    value = builder.sext(value, ir.VectorType(wider, lanes))
                builder.store(value, pointer, align=_element_bytes(sig.args[2]))
            return context.get_dummy_value()

        return signature, codegen

    return radix_copy


def _radix_max(typingctx: Any, a: Any, start: Any, h: Any, best: Any) -> Any:
    """The last three stages of 8 registers at distance h from `start`, not stored: only the
    lane-wise maximum, folded into the register-sized array `best`."""
    _check(a)
    _check(best)
    signature = types.void(a, types.intp, types.intp, best)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        array, start_, h_, best_ = args
        align = _element_bytes(sig.args[0])
        pointers = _registers(
            context, builder, sig.args[0], array, _offsets(builder, start_, h_, 8)
        )
        zero = context.get_constant(types.intp, 0)
        (slot,) = _registers(context, builder, sig.args[3], best_, [zero])
        top = builder.load(slot, align=align)
        for value in _butterfly_tree(builder, [builder.load(p, align=align) for p in pointers]):
            top = builder.select(builder.icmp_signed(">", value, top), value, top)
        builder.store(top, slot, align=align)
        return context.get_dummy_value()

    return signature, codegen


def _row(add: bool) -> Any:
    @intrinsic
    def row_op(typingctx: Any, a: Any, start: Any, table: Any, row: Any) -> Any:
        _check(a)
        _check(table)
        signature = types.void(a, types.intp, table, types.intp)

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            array, start_, tab, row_ = args
            align = _element_bytes(sig.args[0])
            lanes = REGISTER_BYTES // align
            step = context.get_constant(types.intp, lanes)
            count = ROW // lanes
            targets = _registers(
                context, builder, sig.args[0], array, _offsets(builder, start_, step, count)
            )
            rows = _registers(
                context, builder, sig.args[2], tab, _offsets(builder, row_, step, count)
            )
            for target, source in zip(targets, rows, strict=True):
                value = builder.load(source, align=align)
                if add:
                    value = builder.add(builder.load(target, align=align), value)
                builder.store(value, target, align=align)
            return context.get_dummy_value()

        return signature, codegen

    return row_op


#: ``a[start : start + ROW] += table[row : row + ROW]``, a register at a time.
add_row = _row(add=True)
#: ``a[start : start + ROW] = table[row : row + ROW]`` (nothing loaded from `a`).
set_row = _row(add=False)


radix2, radix4, radix8 = _radix(1), _radix(2), _radix(3)
radix_copy8 = _radix_copy(3)


def _lane_stages(typingctx: Any, a: Any, start: Any) -> Any:
    """The stages of half-width 1, 2, … inside the register at `start` (lanes exchanged by
    shuffles): the first ``log2(lanes)`` stages of a transform, which no pair of registers
    can do."""
    _check(a)
    signature = types.void(a, types.intp)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        array, start_ = args
        align = _element_bytes(sig.args[0])
        lanes = REGISTER_BYTES // align
        (pointer,) = _registers(context, builder, sig.args[0], array, [start_])
        value = builder.load(pointer, align=align)
        undefined = ir.Constant(value.type, ir.Undefined)
        h = 1
        while h < lanes:
            mask = ir.Constant(ir.VectorType(ir.IntType(32), lanes), [i ^ h for i in range(lanes)])
            partner = builder.shuffle_vector(value, undefined, mask)
            upper = ir.Constant(
                ir.VectorType(ir.IntType(1), lanes), [i & h > 0 for i in range(lanes)]
            )
            value = builder.select(upper, builder.sub(partner, value), builder.add(value, partner))
            h *= 2
        builder.store(value, pointer, align=align)
        return context.get_dummy_value()

    return signature, codegen


# Called from compiled code only, as ``radix_max(a, start, h, best)`` and ``lane_stages(a,
# start)`` (numba supplies the typing context).
radix_max: Any = intrinsic(_radix_max)
lane_stages: Any = intrinsic(_lane_stages)
