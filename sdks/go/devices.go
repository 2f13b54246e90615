package herald

import (
	"context"
	"strconv"

	"github.com/herald-dev/herald/sdks/go/api"
)

// DevicesService: a recipient's mobile app installations (FCM and APNs tokens).
type DevicesService struct{ c *Client }

// Add registers a device. The same (platform, token) again is the same device; a token another
// recipient registered moves to this one; past 20 devices the least recently registered goes.
func (s *DevicesService) Add(ctx context.Context, recipientID string, in AddDevice) (*Device, error) {
	out, err := decode[api.PostRecipientsRecipientIDDevices201JSONResponseBody](s.c.api.PostRecipientsRecipientIDDevices(ctx, recipientID, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// List returns a recipient's devices, least recently registered first.
func (s *DevicesService) List(ctx context.Context, recipientID string) ([]Device, error) {
	out, err := decode[api.GetRecipientsRecipientIDDevices200JSONResponseBody](s.c.api.GetRecipientsRecipientIDDevices(ctx, recipientID))
	if err != nil {
		return nil, err
	}
	return out.Data.Devices, nil
}

// Delete removes one device of the recipient.
func (s *DevicesService) Delete(ctx context.Context, recipientID string, deviceID int) error {
	_, err := decode[api.DeleteRecipientsRecipientIDDevicesDeviceID200JSONResponseBody](s.c.api.DeleteRecipientsRecipientIDDevicesDeviceID(ctx, recipientID, strconv.Itoa(deviceID)))
	return err
}
