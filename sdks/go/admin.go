package herald

import (
	"context"
	"strconv"

	"github.com/herald-dev/herald/sdks/go/api"
)

// AdminService: the operator API (projects and their keys). Make its client with the gateway's
// ADMIN_TOKEN: herald.New(url, herald.WithAPIKey(adminToken)). Errors: the {error, details} family.
type AdminService struct{ c *Client }

// CreateProject creates a project with its first keys, one Full and one Recipient (Key is shown only here).
func (s *AdminService) CreateProject(ctx context.Context, in CreateProject) (*CreatedProject, error) {
	out, err := decode[api.PostAdminProjects201JSONResponseBody](s.c.api.PostAdminProjects(ctx, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// GetProject reads a project.
func (s *AdminService) GetProject(ctx context.Context, id int) (*Project, error) {
	out, err := decode[api.GetAdminProjectsID200JSONResponseBody](s.c.api.GetAdminProjectsID(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// UpdateProject changes a project's name or settings.
func (s *AdminService) UpdateProject(ctx context.Context, id int, in UpdateProject) (*Project, error) {
	out, err := decode[api.PatchAdminProjectsID200JSONResponseBody](s.c.api.PatchAdminProjectsID(ctx, strconv.Itoa(id), in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// CreateKey adds a key ("full" or "recipient") to a project.
func (s *AdminService) CreateKey(ctx context.Context, projectID int, in CreateKey) (*CreatedKey, error) {
	out, err := decode[api.PostAdminProjectsIDKeys201JSONResponseBody](s.c.api.PostAdminProjectsIDKeys(ctx, strconv.Itoa(projectID), in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// RevokeKey deletes a key, and with it the recipient tokens it minted.
func (s *AdminService) RevokeKey(ctx context.Context, projectID, keyID int) error {
	_, err := decode[api.DeleteAdminProjectsIDKeysKeyID200JSONResponseBody](s.c.api.DeleteAdminProjectsIDKeysKeyID(ctx, strconv.Itoa(projectID), strconv.Itoa(keyID)))
	return err
}
