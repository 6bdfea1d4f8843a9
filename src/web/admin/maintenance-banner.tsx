import { useQuery } from '@tanstack/react-query';
import { bannerUi } from '#src/shared/ops/messages.ts';
import { opsApi, opsKeys } from './ops-api.ts';

// Minutes: a banner set in System Settings reaches open pages soon enough, without a stream of its own.
const BANNER_REFRESH_MS = 5 * 60_000;

// The maintenance banner of System Settings, on every app page while it has text.
export function MaintenanceBanner() {
  const banner = useQuery({ queryKey: opsKeys.banner, queryFn: opsApi.banner, refetchInterval: BANNER_REFRESH_MS, staleTime: 60_000 });
  if (!banner.data?.banner) return null;
  return (
    <div
      role="status"
      aria-label={bannerUi.label}
      className="mb-4 rounded-control border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      {banner.data.banner}
    </div>
  );
}
