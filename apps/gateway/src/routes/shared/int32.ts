/**
 * An integer the gateway hands to an int32 RPC field. The service owns the value rule (and reports
 * it with the property's name); a value past int32 is pinned to the nearest bound, which breaks
 * the same rule, so it is a 400 there rather than an encoding failure here.
 */
export const int32 = (n: number): number => Math.max(-2_147_483_648, Math.min(2_147_483_647, n));
