import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { AddTierForm } from './AddTierForm.js';
import { TiersList } from './TiersList.js';
import { TierTypeChoice } from './TierTypeChoice.js';
import { TIER_CHOICES, type TierChoice } from './tierRules.js';

const isChoice = (value: string): value is TierChoice => (TIER_CHOICES as readonly string[]).includes(value);

/** Settings → Tiers: the list (slide 0), the type choice (1) and the form (2), each with its url. */
export function TiersSection() {
  return (
    <Routes>
      <Route index element={<TiersList />} />
      <Route path="add" element={<TierTypeChoice />} />
      <Route path="add/:choice" element={<AddTierRoute />} />
      <Route path="*" element={<Navigate to="/settings/tiers" replace />} />
    </Routes>
  );
}

function AddTierRoute() {
  const navigate = useNavigate();
  const { choice = '' } = useParams();
  if (!isChoice(choice)) return <Navigate to="/settings/tiers/add" replace />;
  // Keyed: another provider starts from its own preset.
  return <AddTierForm key={choice} choice={choice} onSaved={() => navigate('/settings/tiers')} />;
}
