import type { Static, TSchema } from 'typebox';
import type { ApiContract } from './api-contract.js';

// The API's request and answer types by method and path, derived from the contract's schemas
// (shared/api-contract.ts). The client's `api()` and `useApiQuery()` read them, so a field the server does not send,
// or a body the route does not take, is a compile error at the call site (tests/types/api-routes.ts).

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type StaticOf<S> = S extends TSchema ? Static<S> : never;
/** A route's answer: the union of its 2xx answers' types; a route that answers a file or nothing says `unknown`. */
type AnswerOf<C> = C extends { answer: infer A } ? { [S in keyof A]: StaticOf<A[S]> }[keyof A] : unknown;
type BodyOf<C> = C extends { body: infer B } ? StaticOf<B> : undefined;

/** The contract's entries of method `M`, keyed by path. */
type ContractOf<M extends ApiMethod> = {
  [K in keyof ApiContract as K extends `${M} ${infer P}` ? P : never]: ApiContract[K];
};

/** The API's JSON answers by method and path (`:name` is one path segment; the query string does not count). */
export type ApiRoutes = { [M in ApiMethod]: { [P in keyof ContractOf<M>]: AnswerOf<ContractOf<M>[P]> } };
/** The JSON bodies the routes take, by method and path (`undefined`: the route takes none). */
export type ApiBodies = { [M in ApiMethod]: { [P in keyof ContractOf<M>]: BodyOf<ContractOf<M>[P]> } };
type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? [Head, ...Segments<Rest>] : [P];
type WithoutQuery<P extends string> = P extends `${infer Base}?${string}` ? Base : P;
type SegmentMatches<Actual extends string, Pattern extends string> = Pattern extends `:${string}`
  ? Actual extends ''
    ? false
    : true
  : Actual extends Pattern
    ? true
    : false;
type SegmentsMatch<Actual extends string[], Pattern extends string[]> = Actual extends [
  infer A extends string,
  ...infer AR extends string[],
]
  ? Pattern extends [infer B extends string, ...infer BR extends string[]]
    ? SegmentMatches<A, B> extends true
      ? SegmentsMatch<AR, BR>
      : false
    : false
  : Pattern extends []
    ? true
    : false;

/** The route pattern a concrete path (`/api/leads/${id}?x=1`) is an instance of, or never. */
export type ApiRouteOf<M extends ApiMethod, P extends string> = {
  [K in keyof ApiRoutes[M] & string]: SegmentsMatch<Segments<WithoutQuery<P>>, Segments<K>> extends true ? K : never;
}[keyof ApiRoutes[M] & string];

/** The answer of `M P`: the mapped type, or `unknown` for a path the map does not know (the caller must check it). */
export type ApiAnswer<M extends ApiMethod, P extends string> = [ApiRouteOf<M, P>] extends [never]
  ? unknown
  : ApiRoutes[M][ApiRouteOf<M, P>];

/** The body `M P` takes, or `unknown` for a path the contract does not know. */
export type ApiBody<M extends ApiMethod, P extends string> = [ApiRouteOf<M, P>] extends [never]
  ? unknown
  : ApiBodies[M][ApiRouteOf<M, P> & keyof ApiBodies[M]];
