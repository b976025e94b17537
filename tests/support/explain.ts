/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`'s plan, with the fields the plan tests read. */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  "Sort Space Type"?: string;
  Plans?: PlanNode[];
}

/** The node and every node under it. */
export function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}
