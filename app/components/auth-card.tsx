import type { ReactNode } from "react";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex justify-center bg-neutral-50 px-4 py-12 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-neutral-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-neutral-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
