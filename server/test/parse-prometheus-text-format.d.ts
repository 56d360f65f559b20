/** Types of the Prometheus text parser the metrics test reads /api/metrics with (the package ships none). */
declare module 'parse-prometheus-text-format' {
  export interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Array<{
      value?: string;
      labels?: Record<string, string>;
      buckets?: Record<string, string>;
      count?: string;
      sum?: string;
    }>;
  }
  /** Parses Prometheus text exposition format; throws on text it cannot read. */
  export default function parse(text: string): MetricFamily[];
}
