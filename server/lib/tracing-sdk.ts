/**
 * Starting OpenTelemetry tracing (docs/operations.md "Tracing"; lib/tracing.ts says what is traced).
 * The SDK, the OTLP exporter and the Fastify instrumentation are loaded here, by `import()`, only
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set: a process without it never loads them.
 */
import type { FastifyPluginCallback } from 'fastify';
import { context, trace } from '@opentelemetry/api';
import { setTracing } from './tracing';

/** A started tracer: the Fastify plugin to register first, and the flush-and-stop for shutdown. */
export interface Tracing {
  /** Registered before every other plugin and route, so each request gets its span. */
  fastifyPlugin: FastifyPluginCallback;
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing when `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. `http://collector:4318`) is
 * set; answers null otherwise (nothing is loaded or registered). Spans go to
 * `<endpoint>/v1/traces` as OTLP JSON, in batches every half second; `serviceName`
 * (OTEL_SERVICE_NAME) names the service, default `broker-portal`.
 */
export async function startTracing(
  endpoint: string | undefined,
  serviceName = 'broker-portal',
): Promise<Tracing | null> {
  if (!endpoint) return null;
  const [
    { default: FastifyOtelInstrumentation },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    sdk,
    semconv,
  ] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const provider = new sdk.NodeTracerProvider({
    resource: resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [
      new sdk.BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }), {
        scheduledDelayMillis: 500,
      }),
    ],
  });
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({ registerOnInitialization: false });
  instrumentation.setTracerProvider(provider);
  setTracing(true);
  return {
    fastifyPlugin: instrumentation.plugin() as unknown as FastifyPluginCallback,
    async shutdown() {
      setTracing(false);
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}
