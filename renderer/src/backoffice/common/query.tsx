/**
 * The back office's server state: one TanStack Query cache, keyed by contract method and input.
 * It loads with the back-office screens only (screens.ts imports it lazily), so the clerk's first
 * paint never carries it.
 */
import {
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { InputOf, MethodName, OutputOf } from '../../../../shared/contract.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { api } from '../../api.ts';
import { describeError } from '../../errors.ts';

declare module '@tanstack/react-query' {
  // A failed call throws the backend's AppError, which the screens already know how to word.
  interface Register {
    defaultError: AppError;
  }
}

export const queryClient = new QueryClient({
  defaultOptions: {
    // A refusal is the backend's answer, not a network hiccup: asking again would only delay the words.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** A back-office screen inside the cache. */
export function withQueryClient(Screen: ComponentType): ComponentType {
  function WithQueryClient() {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen />
      </QueryClientProvider>
    );
  }
  return WithQueryClient;
}

/** One contract call whose refusal is thrown as its AppError. */
export async function callApi<M extends MethodName>(method: M, input: InputOf<M>): Promise<OutputOf<M>> {
  const result = await api().call(method, input);
  if (!result.ok) throw result.error;
  return result.value;
}

/** The key of a method's answers: `[method]` covers every input, for invalidation. */
export const apiKey = <M extends MethodName>(method: M, input?: InputOf<M>): QueryKey =>
  input === undefined ? [method] : [method, input];

/** Reads again every answer of these methods that a screen shows; drops the others. */
export const invalidate = (methods: readonly MethodName[]) =>
  Promise.all(methods.map((m) => queryClient.invalidateQueries({ queryKey: apiKey(m) })));

type QueryOptions<M extends MethodName> = Omit<UseQueryOptions<OutputOf<M>, AppError>, 'queryKey' | 'queryFn'>;

export function useApiQuery<M extends MethodName>(method: M, input: InputOf<M>, options?: QueryOptions<M>) {
  return useQuery<OutputOf<M>, AppError>({
    queryKey: apiKey(method, input),
    queryFn: () => callApi(method, input),
    ...options,
  });
}

type MutationOptions<M extends MethodName> = Omit<UseMutationOptions<OutputOf<M>, AppError, InputOf<M>>, 'mutationFn'> & {
  /** The methods whose answers this change makes old: read again once it went through. */
  invalidates?: readonly MethodName[];
};

export function useApiMutation<M extends MethodName>(method: M, options: MutationOptions<M> = {}) {
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<OutputOf<M>, AppError, InputOf<M>>({
    mutationFn: (input) => callApi(method, input),
    // The caller's words come at once; the mutation stays pending until the old answers are read again.
    async onSuccess(...args) {
      await Promise.all([onSuccess?.(...args), invalidate(invalidates)]);
    },
    ...rest,
  });
}

/**
 * Runs one change a form asked for: null when it went through (and the answers it makes old are
 * read again), the refusal in the reader's words when not.
 */
export async function runChange<M extends MethodName>(
  method: M,
  input: InputOf<M>,
  invalidates: readonly MethodName[] = [],
): Promise<string | null> {
  const result = await api().call(method, input);
  if (!result.ok) return describeError(result.error);
  await invalidate(invalidates);
  return null;
}
