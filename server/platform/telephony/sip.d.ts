// The part of npm `sip` 0.0.6 (no types of its own) the server's SIP leg uses (sip-leg.ts).
declare module 'sip' {
  export interface SipUri {
    schema?: string;
    user?: string;
    host: string;
    port?: number;
    params: Record<string, string | null | undefined>;
  }
  export interface SipAddress {
    name?: string;
    uri: string | SipUri;
    params?: Record<string, string | null | undefined>;
  }
  export interface SipMessage {
    method?: string;
    uri?: string | SipUri;
    status?: number;
    reason?: string;
    headers: {
      to: SipAddress;
      from: SipAddress;
      'call-id': string;
      cseq: { method: string; seq: number };
      via?: Array<{ params: Record<string, string | null | undefined> } & Record<string, unknown>>;
      contact?: SipAddress[] | string;
      route?: SipAddress[];
      'record-route'?: SipAddress[];
      [name: string]: unknown;
    };
    content?: string;
  }
  export interface SipStack {
    send(message: SipMessage, onResponse?: (response: SipMessage) => void): void;
    destroy(): void;
  }
  export function create(
    options: {
      address?: string;
      port?: number;
      publicAddress?: string;
      udp?: boolean;
      tcp?: boolean;
      logger?: { error?: (error: unknown) => void };
    },
    onRequest: (request: SipMessage) => void,
  ): SipStack;
  export function makeResponse(request: SipMessage, status: number, reason?: string): SipMessage;
  export function parseUri(uri: string): SipUri;
  export function stringifyUri(uri: SipUri | string): string;
  export function generateBranch(): string;
}

declare module 'sip/digest.js' {
  import type { SipMessage } from 'sip';
  export function signRequest(
    context: object,
    request: SipMessage,
    response: SipMessage,
    credentials: { user: string; password: string },
  ): unknown;
}
