import { z } from 'zod';

export const Device = z.object({ model: z.string(), os: z.string(), brand: z.string(), name: z.string() });
export const DeviceLite = z.object({ os: z.string(), brand: z.string(), name: z.string() });

/** `{ data: [...] }` with no meta. */
export const DevicesResponse = z.object({ data: z.array(Device) });
export const DevicesLiteResponse = z.object({ data: z.array(DeviceLite) });

export type Device = z.infer<typeof Device>;
export type DeviceLite = z.infer<typeof DeviceLite>;
export type DevicesResponse = z.infer<typeof DevicesResponse>;
export type DevicesLiteResponse = z.infer<typeof DevicesLiteResponse>;
