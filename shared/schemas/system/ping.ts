import { Type } from 'typebox';

export const SystemPingResponse = Type.Object({ jobId: Type.String() });
