import { NOTIFICATION_SERVICES, type NotificationService } from '@stowage/contract';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { AddNotificationEndpointForm } from './AddNotificationEndpointForm.js';
import { NotificationEndpointsList } from './NotificationEndpointsList.js';
import { ServiceChoice } from './ServiceChoice.js';

const isService = (value: string): value is NotificationService =>
  (NOTIFICATION_SERVICES as readonly string[]).includes(value);

/** Settings → Lambda Notifications: the list (slide 0), the services (1) and the form (2). */
export function NotificationEndpointsSection() {
  return (
    <Routes>
      <Route index element={<NotificationEndpointsList />} />
      <Route path="add" element={<ServiceChoice />} />
      <Route path="add/:service" element={<AddEndpointRoute />} />
      <Route path="*" element={<Navigate to="/settings/notifications" replace />} />
    </Routes>
  );
}

function AddEndpointRoute() {
  const navigate = useNavigate();
  const { service = '' } = useParams();
  if (!isService(service)) return <Navigate to="/settings/notifications/add" replace />;
  // Keyed: another service starts from its own fresh form.
  return (
    <AddNotificationEndpointForm
      key={service}
      service={service}
      onSaved={() => navigate('/settings/notifications')}
    />
  );
}
